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

    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return PathVariants.ROUTED_BY_RESTEASY;
    }
}
