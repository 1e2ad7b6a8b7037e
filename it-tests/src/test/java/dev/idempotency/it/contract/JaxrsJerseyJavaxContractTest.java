package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.Set;

/** The contract on the JAX-RS demo: Jersey 2 ({@code javax.ws.rs}) on the JDK HTTP server, endpoints by path. */
class JaxrsJerseyJavaxContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.jaxrsJavax().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return PathVariants.ROUTED_BY_JERSEY;
    }
}
