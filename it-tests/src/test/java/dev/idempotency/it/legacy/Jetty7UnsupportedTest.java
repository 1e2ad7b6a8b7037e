package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The estate servlets on embedded Jetty 7.6, whose servlet API is 2.5: older than the agent's servlet adapter (Servlet 3.0 and later). */
class Jetty7UnsupportedTest extends UnsupportedRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJetty7Jar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String group() {
        return "servlet";
    }

    @Override
    protected String supported() {
        return "Servlet";
    }
}
