package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.DeclaredTwiceScenarios;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate's JAX-RS 2.0 resources on Jersey 2.8, the oldest Jersey the agent's JAX-RS adapter
 * takes, and the JDK HTTP server, on Java 8; the endpoint declared once by path and once by
 * resource method alone, each declaration its own JVM.
 */
class Jersey28JdkHttpTest extends DeclaredTwiceScenarios {

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJersey28JdkHttpJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
