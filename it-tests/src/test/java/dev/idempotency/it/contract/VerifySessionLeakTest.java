package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session-specific endpoint declared without its session as scope: the javax demo's
 * {@code POST /notes} (401 without a login) with {@code scope: none}, so one session's key replays
 * the answer it got to every other session. verify, logged in, shows the leak with two sessions and
 * exits 1 saying which scope to declare; an endpoint open to callers without a session
 * ({@code POST /members}) keeps {@code scope: none} without a failure.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VerifySessionLeakTest {

    private Path workDir;
    private Path config;
    private DemoApp app;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void start(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        config = Files.writeString(workDir.resolve("agent.yaml"), String.join("\n",
                "service-name: notes-unscoped",
                "on-config-error: fail",
                "endpoints:",
                "  - name: register-member",
                "    method: POST",
                "    path: /members",
                "  - name: write-note",
                "    method: POST",
                "    path: /notes",
                ""));
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
    }

    @AfterAll
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aSessionsKeyReplayingToAnotherSessionFailsVerifyWithTheScopeToDeclare() {
        long before = notes();

        AgentCli.Result verified = verify("write-note={\"text\": \"note {{seq}}\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(1);
        assertThat(verified.stdout().lines().filter(line -> line.startsWith("write-note")))
                .anyMatch(line -> line.contains("a key does not cross sessions") && line.endsWith("failed"));
        assertThat(verified.stdout()).contains("expected the same key and body from a second session to be its own "
                + "operation, got 201 replayed", "without one it answered 401",
                "declare scope: cookie:JSESSIONID").doesNotContain("\tat ");
        // The first request, the timeout retry, the burst and the first session's note: the second
        // session's note was never written, its request got the first session's answer.
        assertThat(notes() - before).isEqualTo(4);
    }

    @Test
    void anEndpointOpenToCallersWithoutASessionKeepsItsSharedKeys() {
        AgentCli.Result verified = verify("register-member={\"email\": \"leak-{{uuid}}@example.com\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("open to callers without a session")
                .contains("7 passed, 0 failed, 2 skipped");
    }

    private AgentCli.Result verify(String sample) {
        return new AgentCli(workDir, config).run("verify", "--url", app.baseUri().toString(),
                "--login-form", "/login", "--form", "user=verify", "--form", "password=demo", "--sample", sample);
    }

    private long notes() {
        return Http.to(app.baseUri()).get("/notes").json().get("notes").asLong();
    }
}
