package dev.idempotency.it.legacy;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.WildFly;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The estate's JAX-RS 2.0 resources as a Java EE WAR ({@code legacy-demo/estate/estate-javaee8-war},
 * {@code @ApplicationPath("api")}, the platform provided) in one WildFly distribution (RESTEasy on
 * Undertow, JBoss Modules), the agent attached by {@code -javaagent} alone. The application root
 * is {@code /estate-javaee8/api}; a request declared by path enters at RESTEasy's dispatcher
 * servlet, below whose mapping Undertow hands it on.
 */
public abstract class WildFlyEstateScenarios extends JavaEe8WarScenarios {

    /** The WildFly distribution's zip. */
    protected abstract Path distribution();

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return WildFly.builder(war(), CONTEXT).distribution(distribution())
                .applicationPath(MAPPING).startTimeout(Duration.ofSeconds(90))
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String entryPointByPath() {
        return "org.jboss.resteasy.plugins.server.servlet.HttpServlet30Dispatcher";
    }
}
