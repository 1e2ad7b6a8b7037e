package dev.idempotency.it.ops;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** discover on the jakarta servlets on embedded Jetty 12: entries by servlet path. */
class DiscoverServletJakartaTest extends DiscoverScenarios {

    @Override
    protected ForkedService start(Path workDir, Path config) {
        return DemoApp.servletJakarta().workDir(workDir).agentConfig(config).start();
    }
}
