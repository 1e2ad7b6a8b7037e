package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * The estate's JAX-RS 2.0 resources in Jersey 2.25.1's {@code ServletContainer}, declared in the
 * WAR's web.xml and mapped at {@code /api/*} ({@code legacy-demo/estate/estate-jersey225-war}), in
 * the Tomcat 9 distribution. The endpoint is declared in the JAX-RS form, {@code path: /orders}
 * relative to the application root: below {@code /<context>/api}, which the servlet layer's
 * {@code /orders} never matches.
 */
class Jersey225InTomcatTest extends LegacyRuntimeScenarios {

    private static final String MAPPING = "/api";

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return StandaloneTomcat.builder(Artifacts.estateJersey225War()).contextPath("estate-jersey225")
                .healthPath(MAPPING + "/health").workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String basePath() {
        return MAPPING;
    }

    @Override
    /** The servlet layer takes the request first (Tomcat's own filter is the outermost advised call). */
    protected String expectedEntryPoint() {
        return "org.apache.tomcat.websocket.server.WsFilter";
    }
}
