package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * Apache CXF 3.5 standalone: {@code JAXRSServerFactoryBean} on CXF's own Jetty transport at
 * {@code /api} ({@code legacy-demo/estate/cxf-jetty}, port 0, the bound port read from its
 * {@code listening on} line). No servlet container: Jetty hands the request to CXF's
 * {@code JettyHTTPHandler}, a Jetty handler, and no {@code javax.servlet.Servlet} or {@code Filter}
 * runs on the way to the resource: the agent takes the request where CXF's destination receives
 * it (group {@code cxf-javax}), declared by path below the application root, the endpoint's
 * address {@code /api} ({@code path: /orders}); or where CXF has matched the resource method
 * (group {@code cxfrs-javax}), declared by resource method alone. Each declaration its own JVM.
 */
class CxfJettyStandaloneTest extends DeclaredTwiceScenarios {

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateCxfJettyJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String applicationRoot() {
        return "/api";
    }

    /** The JAX-RS 1.1 resources CXF serves here. */
    @Override
    protected String resource() {
        return "dev.idempotency.estate.jsr311.OrdersResource";
    }

    /** No servlet serves the request: CXF's Jetty destination, whose {@code invoke} the agent advises. */
    @Override
    protected String entryPointByPath() {
        return "org.apache.cxf.transport.http_jetty.JettyHTTPDestination";
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
