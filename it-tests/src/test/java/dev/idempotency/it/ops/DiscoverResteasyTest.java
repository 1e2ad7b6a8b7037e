package dev.idempotency.it.ops;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** discover on RESTEasy 6.2 and Netty 4, no servlet container: entries by resource method (payments answer asynchronously). */
class DiscoverResteasyTest extends DiscoverScenarios {

    DiscoverResteasyTest() {
        super("dev.idempotency.demo.jaxrsjakarta.OrdersResource");
    }

    @Override
    protected ForkedService start(Path workDir, Path config) {
        return DemoApp.jaxrsJakarta().workDir(workDir).agentConfig(config).start();
    }
}
