package dev.idempotency.it;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The javax servlets on embedded Tomcat 9 ({@code java -jar orders-servlet-javax.jar 0}). */
class LegacyDemoServletJavaxTest extends LegacyDemoBaselineTest {

    @Override
    protected ForkedService start(Path workDir) {
        return DemoApp.servletJavax().workDir(workDir).start();
    }
}
