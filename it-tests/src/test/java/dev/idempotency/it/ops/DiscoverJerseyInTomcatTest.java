package dev.idempotency.it.ops;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/**
 * discover on Jersey 2's dispatcher servlet under {@code /*} on embedded Tomcat 9: the servlet
 * adapter and the JAX-RS adapter both see each request, and each is listed once, by its resource
 * method, never by the dispatcher's servlet path as well.
 */
class DiscoverJerseyInTomcatTest extends DiscoverScenarios {

    DiscoverJerseyInTomcatTest() {
        super("dev.idempotency.demo.jaxrsjavax.OrdersResource");
    }

    @Override
    protected ForkedService start(Path workDir, Path config) {
        return DemoApp.jaxrsJavaxInTomcat().workDir(workDir).agentConfig(config).start();
    }
}
