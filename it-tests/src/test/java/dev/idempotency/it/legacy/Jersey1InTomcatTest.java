package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * Jersey 1.19 ({@code com.sun.jersey}) in its {@code ServletContainer} at {@code /api/*}, the WAR
 * {@code legacy-demo/estate/jersey1-war} in the Tomcat 9 distribution under
 * {@code /estate-jersey1}. The agent's Jersey adapter is Jersey 2's and later: the request is
 * Jersey 1's servlet's. The endpoint is declared as a JAX-RS application declares it,
 * {@code path: /orders} below the application root, not as the servlet container routes it
 * ({@link #servletFormPath()}).
 */
class Jersey1InTomcatTest extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return StandaloneTomcat.builder(Artifacts.estateJersey1War()).contextPath("estate-jersey1").healthPath("/api/health")
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String basePath() {
        return "/api";
    }

    /**
     * The outermost advised filter: the Tomcat distribution maps its WebSocket filter to every
     * request of every application, in front of the JAX-RS servlet.
     */
    @Override
    protected String expectedEntryPoint() {
        return "org.apache.tomcat.websocket.server.WsFilter";
    }

    /** The same endpoint as the servlet container routes it, below the context path: the dispatcher servlet's mapping in front. */
    static String servletFormPath() {
        return "/api/orders";
    }
}
