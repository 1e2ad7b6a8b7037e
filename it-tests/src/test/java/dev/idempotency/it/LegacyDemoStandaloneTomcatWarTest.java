package dev.idempotency.it;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/** The javax servlets as a WAR under {@code /orders-demo} in a standalone Tomcat 9 distribution. */
class LegacyDemoStandaloneTomcatWarTest extends LegacyDemoBaselineTest {

    @Override
    protected ForkedService start(Path workDir) {
        return StandaloneTomcat.ordersWar().workDir(workDir).start();
    }
}
