package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's commands against a service running with the agent on the embedded SQL store
 * (an H2 file, which admits one process; the file store's commands work through the service, as
 * {@code FileStoreCommandsWhileRunningTest} shows): each says what happened and what to do, and
 * its exit status tells the truth.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorCliTest {

    private static final String CONFIG = """
            service-name: operator-cli
            store:
              url: jdbc:h2:file:./idempotency-store/agent
            endpoints:
              - name: create-order
                method: POST
                path: /orders
              - name: never-called
                method: POST
                path: /nothing
            """;

    private Path workDir;
    private Path config;
    private DemoApp demo;

    @BeforeAll
    void startDemo(@TempDir Path dir) throws IOException {
        workDir = dir;
        config = Files.writeString(workDir.resolve("agent.yaml"), CONFIG);
        demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
        String key = UUID.randomUUID().toString();
        assertThat(Http.to(demo.baseUri()).postJson("/orders", "{\"item\": \"book\", \"quantity\": 1}",
                "Idempotency-Key", key).status()).isEqualTo(201);
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void aToolOnTheEmbeddedSqlStoreOfARunningServiceSaysWhatToDo() {
        AgentCli.Result listed = new AgentCli(workDir, config).run("list", "--state", "unknown");

        assertThat(listed.exitCode()).as(listed.toString()).isEqualTo(1);
        assertThat(listed.stderr()).contains("The file is locked")
                .contains("an H2 file admits one process").contains("Stop the service");
    }

    @Test
    void aMissingConfigFileIsReportedAsTheCommandsOption() {
        Path missing = workDir.resolve("nonexistent.yaml");

        AgentCli.Result listed = new AgentCli(workDir, missing).run("list", "--state", "unknown");

        assertThat(listed.exitCode()).as(listed.toString()).isNotZero();
        assertThat(listed.stderr()).contains(missing.toString()).contains("command's --config option")
                .doesNotContain("agent argument");
    }

    @Test
    void aSecondAttachToAJvmThatRunsTheAgentIsRefusedAndSaysSo() {
        AgentCli.Result attached = new AgentCli(workDir, config).run("attach", Long.toString(demo.pid()));

        assertThat(attached.exitCode()).as(attached.toString()).isEqualTo(1);
        assertThat(attached.stderr()).contains("the agent already runs in process " + demo.pid())
                .contains("nothing was attached");
        assertThat(attached.stdout()).doesNotContain("attached to process");
    }

    @Test
    void anAttachWithABrokenConfigAttachesNothingAndLeavesTheServiceRunning() throws IOException {
        Path broken = Files.writeString(workDir.resolve("broken.yaml"), "endpoints:\n  - method: POST\n    path: orders\n");

        AgentCli.Result attached = new AgentCli(workDir, broken).run("attach", Long.toString(demo.pid()));

        assertThat(attached.exitCode()).as(attached.toString()).isEqualTo(1);
        assertThat(attached.stderr()).contains("the config has errors; nothing was attached")
                .contains("endpoints[0].path");
        assertThat(demo.isAlive()).isTrue();
    }

    @Test
    void statusShowsWhatIsProtectedAndSaysWhichEndpointNoRequestReached() {
        AgentCli.Result status = new AgentCli(workDir, config).runWithoutConfig("status", Long.toString(demo.pid()));

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).contains("with " + config.toAbsolutePath().normalize(), "store: h2, reachable",
                "javax.servlet.http.HttpServlet in ", "create-order POST /orders: 1 request(s): Executed 1\n"
                        + "    entered at dev.idempotency.demo.javaxservlet.OrdersServlet in ",
                "never-called POST /nothing: the agent has taken no request for it yet")
                .containsPattern("store: h2, reachable, [1-9][\\d,]* record\\(s\\), [\\d,]+ MB on disk \\([\\d,]+ bytes per record\\)");
    }

    @Test
    void statusOfAJvmWithoutTheAgentSaysSo() throws Exception {
        long self = ProcessHandle.current().pid();

        AgentCli.Result status = new AgentCli(workDir, config).runWithoutConfig("status", Long.toString(self));

        assertThat(status.exitCode()).as(status.toString()).isEqualTo(1);
        assertThat(status.stderr()).contains("the agent does not run in process " + self);
    }
}
