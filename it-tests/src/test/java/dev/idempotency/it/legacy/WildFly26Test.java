package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate WAR in WildFly 26.1.3 (Java EE 8, RESTEasy 4), the endpoint declared once by path and
 * once by resource method alone: each declaration its own server.
 */
class WildFly26Test extends WildFlyEstateScenarios {

    @Override
    protected Path distribution() {
        return Artifacts.wildfly26Zip();
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
