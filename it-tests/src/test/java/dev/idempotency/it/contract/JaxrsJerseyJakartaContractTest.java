package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.Set;

/** The contract on the JAX-RS demo: Jersey 4 ({@code jakarta.ws.rs}) on Grizzly, endpoints by path. */
class JaxrsJerseyJakartaContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.jaxrsJerseyJakarta().workDir(workDir).agentConfig(agentConfig).start();
    }

    /**
     * As Jersey 2: Jersey matches the path with matrix parameters dropped and a trailing slash ignored; {@code //} and
     * dot segments are not resolved (404); {@code %70ayments} reaches the catch-all resource method, which
     * decodes it and pays; {@code /orders/%66orm} reaches it too, but without form parameters (400).
     */
    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return Set.of(
                "/orders/",
                "/orders/;x",
                "/orders;jsessionid=ABC123",
                "/orders/{id}/%70ayments",
                "/orders/{id}/payments/",
                "/orders/{id}/payments;x=1",
                "/orders/{id}/payments;jsessionid=XYZ");
    }
}
