package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/**
 * Apache CXF 3.5 standalone: {@code JAXRSServerFactoryBean} on CXF's own Jetty transport at
 * {@code /api} ({@code legacy-demo/estate/cxf-jetty}, port 0, the bound port read from its
 * {@code listening on} line). No servlet container: Jetty hands the request to CXF's
 * {@code JettyHTTPHandler}, a Jetty handler, and no {@code javax.servlet.Servlet} or {@code Filter}
 * runs on the way to the resource. The endpoint is declared below the application root,
 * {@code path: /orders}.
 */
class CxfJettyStandaloneTest extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateCxfJettyJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String basePath() {
        return "/api";
    }

    /** No servlet serves the request: where a JAX-RS adapter says it entered, the resource class. */
    @Override
    protected String expectedEntryPoint() {
        return "dev.idempotency.estate.jsr311.OrdersResource";
    }
}
