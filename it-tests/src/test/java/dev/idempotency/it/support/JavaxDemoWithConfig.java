package dev.idempotency.it.support;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The javax demo with the agent and a config of the test class's own, in a working directory of its
 * own, for all the tests of a class: registered as an extension ({@code @RegisterExtension static}),
 * it starts before them and stops after them. The agent's command line reads the same config.
 */
public final class JavaxDemoWithConfig implements BeforeAllCallback, AfterAllCallback {

    private final String config;
    private Path workDir;
    private Path configFile;
    private DemoApp app;

    /** {@code configLines}: the agent's YAML config, a line each. */
    public JavaxDemoWithConfig(String... configLines) {
        this.config = String.join("\n", configLines) + "\n";
    }

    @Override
    public void beforeAll(ExtensionContext test) throws IOException {
        workDir = Files.createTempDirectory("javax-demo");
        configFile = Files.writeString(workDir.resolve("agent.yaml"), config);
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(configFile).start();
    }

    @Override
    public void afterAll(ExtensionContext test) throws IOException {
        try {
            if (app != null) {
                app.close();
            }
        } finally {
            Archives.deleteTree(workDir);
        }
    }

    public URI baseUri() {
        return app.baseUri();
    }

    public long pid() {
        return app.pid();
    }

    /** The agent's command line, over the demo's config. */
    public AgentCli cli() {
        return new AgentCli(workDir, configFile);
    }

    /** What the demo counts at {@code GET /<name>}: its {@code members} or {@code notes}. */
    public long count(String name) {
        return Http.to(app.baseUri()).get("/" + name).json().get(name).asLong();
    }
}
