package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.JavaxDemoWithConfig;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A session-specific endpoint declared without its session as scope: the javax demo's
 * {@code POST /notes} (401 without a login) with {@code scope: none}, so one session's key replays
 * the answer it got to every other session. verify, logged in, shows the leak with two sessions and
 * exits 1 saying which scope to declare; an endpoint open to callers without a session
 * ({@code POST /members}) keeps {@code scope: none} without a failure.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VerifySessionLeakTest {

    @RegisterExtension
    static final JavaxDemoWithConfig demo = new JavaxDemoWithConfig(
            "service-name: notes-unscoped",
            "on-config-error: fail",
            "endpoints:",
            "  - name: register-member",
            "    method: POST",
            "    path: /members",
            "  - name: write-note",
            "    method: POST",
            "    path: /notes");

    @Test
    void aSessionsKeyReplayingToAnotherSessionFailsVerifyWithTheScopeToDeclare() {
        long before = demo.count("notes");

        AgentCli.Result verified = verify("write-note={\"text\": \"note {{seq}}\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(1);
        assertThat(verified.stdout().lines().filter(line -> line.startsWith("write-note")))
                .anyMatch(line -> line.contains("a key does not cross sessions") && line.endsWith("failed"));
        assertThat(verified.stdout()).contains("expected the same key and body from a second session to be its own "
                + "operation, got 201 replayed", "without one it answered 401",
                "declare scope: cookie:JSESSIONID").doesNotContain("\tat ");
        // The first request, the timeout retry, the burst and the first session's note: the second
        // session's note was never written, its request got the first session's answer.
        assertThat(demo.count("notes") - before).isEqualTo(4);
    }

    @Test
    void anEndpointOpenToCallersWithoutASessionKeepsItsSharedKeys() {
        AgentCli.Result verified = verify("register-member={\"email\": \"leak-{{uuid}}@example.com\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("open to callers without a session")
                .contains("7 passed, 0 failed, 2 skipped");
    }

    private AgentCli.Result verify(String sample) {
        return demo.cli().run("verify", "--url", demo.baseUri().toString(),
                "--login-form", "/login", "--form", "user=verify", "--form", "password=demo", "--sample", sample);
    }
}
