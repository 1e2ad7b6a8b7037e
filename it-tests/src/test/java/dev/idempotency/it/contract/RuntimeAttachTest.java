package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The agent loaded into a running service with {@code java -jar idempotency-agent.jar attach <pid>
 * --config <file>}: the javax demo starts without the agent and serves a keyless order as it always
 * did; after the attach, its already loaded servlet classes are retransformed and the seed's four
 * scenarios (inherited) hold.
 */
class RuntimeAttachTest extends SeedScenarios {

    private static final Pattern STARTUP_LINE = Pattern.compile("idempotency-agent \\S+: 3 endpoints declared in ");
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(60);

    private Http.Response keylessBeforeAttach;
    private Stats statsBeforeAttach;

    @Override
    protected ForkedService start(Path workDir) throws Exception {
        DemoApp demo = DemoApp.servletJavax().workDir(workDir).start();
        try {
            Http http = Http.to(demo.baseUri());
            keylessBeforeAttach = http.postJson(ordersPath(), order(uniqueItem("before-attach")));
            statsBeforeAttach = Stats.of(http.get(statsPath()).json());

            Path config = Files.writeString(workDir.resolve("agent.yaml"), ContractSuite.contractAgentConfig());
            attach(demo.pid(), config, workDir);
            demo.awaitLine(STARTUP_LINE, ATTACH_TIMEOUT);
            return demo;
        } catch (Exception | Error e) {
            demo.close();
            throw e;
        }
    }

    @Test
    void beforeTheAttachAKeylessOrderWasCreatedWithoutTheAgent() {
        assertThat(keylessBeforeAttach.status()).as(keylessBeforeAttach.body()).isEqualTo(201);
        assertThat(keylessBeforeAttach.header(REQUEST_ID)).isEmpty();
        assertThat(statsBeforeAttach).isEqualTo(Stats.oneOrder());
    }

    @Test
    void afterTheAttachAKeylessOrderIsRefused() {
        Stats before = stats();

        Http.Response refused = http().postJson(ordersPath(), order(uniqueItem("after-attach")));

        assertProblem(refused, 400, "idempotency-key-missing");
        assertThat(stats()).isEqualTo(before);
    }

    /** Runs the agent jar's {@code attach} command and expects it to succeed. */
    private static void attach(long pid, Path config, Path workDir) throws Exception {
        Path output = workDir.resolve("logs").resolve("attach.txt");
        Files.createDirectories(output.getParent());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process attach = new ProcessBuilder(java, "-jar", Artifacts.agentJar().toString(),
                "attach", Long.toString(pid), "--config", config.toString())
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        try {
            boolean exited = attach.waitFor(ATTACH_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            assertThat(exited).as("attach did not exit within %s: %s", ATTACH_TIMEOUT, printed).isTrue();
            assertThat(attach.exitValue()).as(printed).isZero();
            assertThat(printed).contains("attached to process " + pid);
        } finally {
            attach.destroyForcibly();
        }
    }
}
