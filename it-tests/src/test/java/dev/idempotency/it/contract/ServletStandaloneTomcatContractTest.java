package dev.idempotency.it.contract;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;
import java.util.Set;

/**
 * The contract on the WAR in a standalone Tomcat 9 under {@code /orders-demo}, agent attached
 * through {@code CATALINA_OPTS}: endpoint paths in the config are relative to the context path.
 */
class ServletStandaloneTomcatContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return StandaloneTomcat.ordersWar().workDir(workDir).agentConfig(agentConfig).start();
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
        return PathVariants.ROUTED_BY_TOMCAT;
    }
}
