package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * Apache CXF 3.5's JAX-RS frontend in {@code CXFNonSpringJaxrsServlet} at {@code /api/*}, the WAR
 * {@code legacy-demo/estate/cxf-war} in the Tomcat 9 distribution under {@code /estate-cxf}.
 * The filter in front takes the request, so the agent's hook in CXF's HTTP destination (group
 * {@code cxf-javax}) stays out. The endpoint is declared as a
 * JAX-RS application declares it, {@code path: /orders} below the application root, not as the
 * servlet container routes it ({@link #servletFormPath()}).
 */
class CxfInTomcatTest extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return StandaloneTomcat.builder(Artifacts.estateCxfWar()).contextPath("estate-cxf").healthPath("/api/health")
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
