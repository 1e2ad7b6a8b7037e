package dev.idempotency.it.ops;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * discover on the javax servlets as a WAR under {@code /orders-demo} in a standalone Tomcat 9:
 * paths below the context path, each request counted once though Tomcat's own filters run first.
 */
class DiscoverTomcatWarTest extends DiscoverScenarios {

    @Override
    protected ForkedService start(Path workDir, Path config) {
        return StandaloneTomcat.ordersWar().workDir(workDir).agentConfig(config).start();
    }
}
