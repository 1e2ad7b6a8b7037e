package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.UnsupportedRuntimeScenarios;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/** The estate's JAX-RS resources on Jersey 2.0 and the JDK HTTP server, on Java 8: older than the agent's Jersey adapter (2.8 on). */
class Jersey20UnsupportedTest extends UnsupportedRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateJersey20JdkHttpJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String group() {
        return "jersey";
    }

    @Override
    protected String supported() {
        return "Jersey 2.8 to";
    }
}
