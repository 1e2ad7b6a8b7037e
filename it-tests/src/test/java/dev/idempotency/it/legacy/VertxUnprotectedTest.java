package dev.idempotency.it.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The estate's order handlers on Vert.x 5's own HTTP server: no servlet, no JAX-RS, a runtime the
 * agent has no adapter for. It is named as such when its server class loads, before the first
 * request, and {@code discover} says that it can list nothing because nothing is instrumented.
 */
class VertxUnprotectedTest extends UnsupportedRuntimeScenarios {

    private Path workDir;
    private ForkedService service;
    /** The service's stderr once it listens, before any request. */
    private List<String> stderrAtStart;

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        this.workDir = workDir;
        service = DemoApp.builder(Artifacts.estateVertxJar()).workDir(workDir).agentConfig(agentConfig).start();
        stderrAtStart = List.copyOf(service.stderr());
        return service;
    }

    @Test
    void theRuntimeIsNamedBeforeItsFirstRequest() {
        assertThat(stderrAtStart).as("stderr when the service listened")
                .anySatisfy(line -> assertThat(line).contains("WARNING: Vert.x's HTTP server serves HTTP in this JVM")
                        .contains("UNPROTECTED"));
    }

    @Override
    protected String group() {
        return "vert.x";
    }

    @Override
    protected String supported() {
        return "has no adapter for it";
    }

    @Test
    void discoverSaysThatNoEntryPointIsInstrumented() {
        AgentCli.Result discover = new AgentCli(workDir, workDir.resolve("agent.yaml"))
                .runWithoutConfig("discover", Long.toString(service.pid()));

        assertThat(discover.stdout()).as(discover.toString())
                .contains("no entry point of a runtime the agent supports is instrumented in this JVM");
    }
}
