package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;

/**
 * The estate's JAX-RS 2.0 resources on Jersey 2.25.1 (HK2 inside, before 2.26 reworked injection)
 * and the JDK HTTP server ({@code legacy-demo/estate/estate-jersey225-jdkhttp}), the endpoint
 * declared once by path and once by resource method alone: each declaration its own JVM.
 */
class Jersey225JdkHttpTest {

    private static final String RESOURCE = "dev.idempotency.estate.jaxrs.OrdersResource";

    private static ForkedService startApp(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJersey225JdkHttpJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    /** {@code path: /orders}, relative to the application root (here the server's root). */
    @Nested
    class DeclaredByPath extends LegacyRuntimeScenarios {

        @Override
        protected ForkedService start(Path workDir, Path agentConfig) {
            return startApp(workDir, agentConfig);
        }

        @Override
        protected String expectedEntryPoint() {
            return RESOURCE;
        }
    }

    /** {@code resource-method: ...OrdersResource#create} and no path: Jersey's own routing decides. */
    @Nested
    class DeclaredByResourceMethod extends LegacyRuntimeScenarios {

        @Override
        protected ForkedService start(Path workDir, Path agentConfig) {
            return startApp(workDir, agentConfig);
        }

        @Override
        protected String expectedEntryPoint() {
            return RESOURCE;
        }

        @Override
        protected List<String> endpointDeclaration() {
            return List.of("method: POST", "resource-method: " + RESOURCE + "#create");
        }
    }
}
