package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.Set;

/** The contract on the jakarta servlets in embedded Jetty 12, agent attached at start-up. */
class ServletJakartaContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.servletJakarta().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected boolean answersAsynchronously() {
        return true;
    }

    @Override
    protected boolean tracksSessionsInUrls() {
        return true;
    }

    /**
     * Jetty 12 refuses ambiguous paths with 400 ({@code //} anywhere, {@code %2e}, {@code %2F}) but decodes,
     * resolves dot segments and drops path parameters; {@code /orders/{id}/payments/} reaches the servlet (404).
     */
    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return Set.of(
                "/orders/",
                "/./orders",
                "/x/../orders",
                "/%6Frders",
                "/%6frders",
                "/orders/;x",
                "/orders;jsessionid=ABC123",
                "/orders/%66orm",
                "/orders/{id}/%70ayments",
                "/orders/{id}/payments;x=1",
                "/orders/{id}/./payments",
                "/orders/{id}/payments;jsessionid=XYZ");
    }
}
