package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.WildFly;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Nested;

/**
 * The estate's JAX-RS 2.0 resources as a Java EE 8 WAR ({@code legacy-demo/estate/estate-javaee8-war},
 * {@code @ApplicationPath("api")}, the platform provided) in WildFly 26.1.3 (javax, RESTEasy 4 on
 * Undertow, JBoss Modules), the agent attached by {@code -javaagent} alone; the endpoint declared
 * once by path and once by resource method alone: each declaration its own server.
 */
class WildFly26Test {

    private static final String MAPPING = "/api";
    private static final String RESOURCE = "dev.idempotency.estate.jaxrs.OrdersResource";

    private static ForkedService startWildFly(Path workDir, Path agentConfig) {
        return WildFly.builder(Artifacts.estateJavaee8War(), "estate-javaee8").distribution(Artifacts.wildfly26Zip())
                .applicationPath(MAPPING).startTimeout(Duration.ofSeconds(90))
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    /**
     * {@code path: /orders}, relative to the application root {@code /estate-javaee8/api}: matched
     * first at the servlet layer, below the mapping of RESTEasy's dispatcher servlet.
     */
    @Nested
    class DeclaredByPath extends LegacyRuntimeScenarios {

        @Override
        protected ForkedService start(Path workDir, Path agentConfig) {
            return startWildFly(workDir, agentConfig);
        }

        @Override
        protected String basePath() {
            return MAPPING;
        }

        @Override
        protected String expectedEntryPoint() {
            return "org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher";
        }
    }

    /** {@code resource-method: ...OrdersResource#create} and no path: RESTEasy's own routing decides. */
    @Nested
    class DeclaredByResourceMethod extends LegacyRuntimeScenarios {

        @Override
        protected ForkedService start(Path workDir, Path agentConfig) {
            return startWildFly(workDir, agentConfig);
        }

        @Override
        protected String basePath() {
            return MAPPING;
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
