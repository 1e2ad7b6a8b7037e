package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.JavaxDemoWithConfig;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code verify} against what real services have, on the javax demo. An endpoint with a unique
 * field, {@code POST /members} (a taken e-mail address gets the application's own 409):
 * placeholders in the sample give every new operation its own address and every check passes; a
 * sample without them is turned down by the application, and verify says so instead of blaming the
 * agent. An endpoint behind a form login, {@code POST /notes} with {@code scope: cookie:JSESSIONID}:
 * verify logs in, and with two sessions shows that a key does not cross from one to the other.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VerifyOnJavaxDemoTest {

    @RegisterExtension
    static final JavaxDemoWithConfig demo = new JavaxDemoWithConfig(
            "service-name: members",
            "on-config-error: fail",
            "endpoints:",
            "  - name: register-member",
            "    method: POST",
            "    path: /members",
            "    fingerprint:",
            "      mode: json",
            "  - name: write-note",
            "    method: POST",
            "    path: /notes",
            "    scope: cookie:JSESSIONID",
            "    fingerprint:",
            "      mode: json");

    @Test
    void placeholdersGiveEveryNewOperationItsOwnAddressAndEveryCheckPasses() {
        long before = demo.count("members");

        AgentCli.Result verified = verify("register-member={\"email\": \"m-{{uuid}}-{{seq}}-{{now}}@example.com\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("7 passed, 0 failed, 1 skipped").doesNotContain("refused the sample");
        // The first request, the timeout retry and the concurrent burst each registered one member.
        assertThat(demo.count("members") - before).isEqualTo(3);
    }

    @Test
    void aSampleWithoutPlaceholdersIsRefusedByTheApplicationNotFailedByTheAgent() {
        String fixed = "{\"email\": \"fixed-" + UUID.randomUUID() + "@example.com\"}";

        AgentCli.Result verified = verify("register-member=" + fixed);

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stdout())
                .contains("first request executes", "same key and body replays", "same key, other body is refused")
                .contains("the application refused the sample: 409 {\"email\":\"taken\"}")
                .contains("0 failed, 2 refused by the application");
        assertThat(verified.stdout().lines().filter(line -> line.startsWith("register-member") && line.endsWith("refused")))
                .hasSize(2).allMatch(line -> line.contains("retry after a client timeout")
                        || line.contains("concurrent requests with one key"));
    }

    @Test
    void aSampleTheApplicationTurnsDownAtOnceIsReportedAsItsRefusal() {
        String taken = "{\"email\": \"taken-" + UUID.randomUUID() + "@example.com\"}";
        assertThat(Http.to(demo.baseUri()).postJson("/members", taken, "Idempotency-Key", UUID.randomUUID().toString())
                .status()).isEqualTo(201);

        AgentCli.Result verified = verify("register-member=" + taken);

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stdout()).contains("the application refused the sample: 409 {\"email\":\"taken\"}")
                .contains("0 passed, 0 failed, 1 refused by the application, 7 skipped");
    }

    @Test
    void aLoggedInSessionPassesEveryCheckAndASecondSessionDoesNotGetItsReplays() {
        long before = demo.count("notes");

        AgentCli.Result verified = demo.cli().run("verify", "--url", demo.baseUri().toString(),
                "--login-form", "/login", "--form", "user=verify", "--form", "password=demo",
                "--sample", "write-note={\"text\": \"note {{seq}}\"}", "--count", "write-note=/notes,/notes");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("write-note", "a key does not cross sessions")
                .contains("8 passed, 0 failed, 1 skipped");
        // The first request, the timeout retry, the burst, and one note in each of the two sessions.
        assertThat(demo.count("notes") - before).isEqualTo(5);
    }

    @Test
    void withoutTheLoginVerifySaysTheSessionIsMissing() {
        AgentCli.Result verified = demo.cli().run("verify", "--url", demo.baseUri().toString(),
                "--sample", "write-note={\"text\": \"anonymous\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stderr()).contains("write-note: the agent answered 400 idempotency-scope-missing",
                "log in with --login-form").doesNotContain("\tat ");
    }

    @Test
    void aLoginTheServiceRefusesStopsVerifyWithExitTwo() {
        AgentCli.Result verified = demo.cli().run("verify", "--url", demo.baseUri().toString(),
                "--login-form", "/login", "--form", "user=verify", "--form", "password=wrong",
                "--sample", "write-note={\"text\": \"x\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stderr()).contains("the login at " + demo.baseUri() + "/login answered 401")
                .doesNotContain("\tat ");
    }

    private AgentCli.Result verify(String sample) {
        return demo.cli().run("verify", "--url", demo.baseUri().toString(), "--sample", sample,
                "--count", "register-member=/members,/members");
    }
}
