package dev.idempotency.it.legacy;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * An estate WAR whose JAX-RS runtime's servlet is mapped at {@code /api/*}, in the Tomcat 9
 * distribution. The endpoint is declared as a JAX-RS application declares it, {@code path: /orders}
 * below the application root ({@code /<context>/api}), not as the servlet container routes it
 * ({@code /api/orders} below the context path).
 */
abstract class JaxrsServletInTomcatScenarios extends LegacyRuntimeScenarios {

    private static final String MAPPING = "/api";

    /** The WAR, its JAX-RS servlet mapped at {@code /api/*} and a health check at {@code /api/health}. */
    protected abstract Path war();

    /** The context path Tomcat deploys the WAR under, without its slash. */
    protected abstract String contextPath();

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return StandaloneTomcat.builder(war()).contextPath(contextPath()).healthPath(MAPPING + "/health")
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String basePath() {
        return MAPPING;
    }

    /**
     * The outermost advised filter: the Tomcat distribution maps its WebSocket filter to every
     * request of every application, in front of the JAX-RS servlet.
     */
    @Override
    protected String expectedEntryPoint() {
        return "org.apache.tomcat.websocket.server.WsFilter";
    }
}
