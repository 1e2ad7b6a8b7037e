package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate's JAX-RS 2.0 resources on Jersey 2.25.1 (HK2 inside, before 2.26 reworked injection)
 * and the JDK HTTP server ({@code legacy-demo/estate/estate-jersey225-jdkhttp}), the endpoint
 * declared once by path and once by resource method alone: each declaration its own JVM. The
 * application root is the server's root.
 */
class Jersey225JdkHttpTest extends DeclaredTwiceScenarios {

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJersey225JdkHttpJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
