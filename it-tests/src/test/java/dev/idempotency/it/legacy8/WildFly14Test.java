package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.WildFlyEstateScenarios;
import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate WAR in WildFly 14.0.1 (JBoss EAP 7.2's generation: Java EE 8, RESTEasy 3.6) on Java 8,
 * the endpoint declared once by path and once by resource method alone: each declaration its own server.
 */
class WildFly14Test extends WildFlyEstateScenarios {

    @Override
    protected Path distribution() {
        return Artifacts.wildfly14Zip();
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
