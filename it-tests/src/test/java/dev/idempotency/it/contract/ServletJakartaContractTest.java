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
    protected boolean completesResponsesBeforeReturning() {
        return true;
    }

    @Override
    protected boolean tracksSessionsInUrls() {
        return true;
    }

    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return PathVariants.ROUTED_BY_JETTY;
    }
}
