package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The contract on the javax servlets in embedded Tomcat 9, agent attached at start-up. */
class ServletJavaxContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.servletJavax().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected boolean answersAsynchronously() {
        return true;
    }
}
