package dev.idempotency.it;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The jakarta servlets on embedded Jetty 12 ee10 ({@code java -jar orders-servlet-jakarta.jar 0}). */
class LegacyDemoServletJakartaTest extends LegacyDemoBaselineTest {

    @Override
    protected ForkedService start(Path workDir) {
        return DemoApp.servletJakarta().workDir(workDir).start();
    }
}
