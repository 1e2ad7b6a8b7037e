package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.Set;

/** The contract on the JAX-RS demo: RESTEasy 6.2 ({@code jakarta.ws.rs}) on Netty 4, endpoints by path. */
class JaxrsResteasyJakartaContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.jaxrsJakarta().workDir(workDir).agentConfig(agentConfig).start();
    }

    /**
     * RESTEasy on Netty matches with a leading {@code //} collapsed, matrix parameters dropped and a
     * trailing slash ignored, but {@code /orders/;x} is 404 and dot segments are not resolved; {@code %70ayments}
     * reaches the catch-all resource method, which decodes it and pays.
     */
    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return Set.of(
                "//orders",
                "/orders/",
                "/orders;jsessionid=ABC123",
                "//orders/{id}/payments",
                "/orders/{id}/%70ayments",
                "/orders/{id}/payments/",
                "/orders/{id}/payments;x=1",
                "/orders/{id}/payments;jsessionid=XYZ");
    }
}
