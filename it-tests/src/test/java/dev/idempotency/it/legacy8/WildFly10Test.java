package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.WildFlyEstateScenarios;
import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;

/**
 * The estate WAR in WildFly 10.1.0 (JBoss EAP 7.0's generation: Java EE 7, RESTEasy 3.0) on Java 8,
 * the endpoint declared by path: protected where Undertow hands the request to RESTEasy's
 * dispatcher servlet. RESTEasy 3.0 itself is older than the agent's JAX-RS adapter takes, and the
 * agent says so (a declaration by resource method there: {@link WildFly10ResourceMethodReportedTest}).
 */
class WildFly10Test extends WildFlyEstateScenarios {

    @Override
    protected Path distribution() {
        return Artifacts.wildfly10Zip();
    }

    @Nested
    class DeclaredByPath extends ByPath {

        @Override
        protected List<String> expectedWarnings() {
            return List.of(WildFly10ResourceMethodReportedTest.RESTEASY_30_WARNING);
        }
    }
}
