package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The estate servlets on embedded Jetty 9.4 (Servlet 3.1), agent attached through {@code -javaagent} and nothing else. */
class Jetty94Test extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String expectedEntryPoint() {
        return "dev.idempotency.estate.servlet.OrdersServlet";
    }
}
