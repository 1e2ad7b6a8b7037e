package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.WildFly;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Nested;

/**
 * The estate's JAX-RS 2.0 resources as a Java EE 8 WAR ({@code legacy-demo/estate/estate-javaee8-war},
 * {@code @ApplicationPath("api")}, the platform provided) in WildFly 26.1.3 (javax, RESTEasy 4 on
 * Undertow, JBoss Modules), the agent attached by {@code -javaagent} alone; the endpoint declared
 * once by path and once by resource method alone: each declaration its own server. The
 * application root is {@code /estate-javaee8/api}.
 */
class WildFly26Test extends DeclaredTwiceScenarios {

    private static final String MAPPING = "/api";

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return WildFly.builder(Artifacts.estateJavaee8War(), "estate-javaee8").distribution(Artifacts.wildfly26Zip())
                .applicationPath(MAPPING).startTimeout(Duration.ofSeconds(90))
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String applicationRoot() {
        return MAPPING;
    }

    /** Undertow hands the request to RESTEasy's dispatcher servlet, below whose mapping the path matches. */
    @Override
    protected String entryPointByPath() {
        return "org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher";
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
