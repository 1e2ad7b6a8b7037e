package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} against an endpoint with a unique field, the javax demo's {@code POST /members}
 * (a taken e-mail address gets the application's own 409): placeholders in the sample give every
 * new operation its own address and every check passes; a sample without them is turned down by
 * the application, and verify says so instead of blaming the agent.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UniqueFieldVerifyTest {

    private Path workDir;
    private Path config;
    private DemoApp app;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void start(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        config = Files.writeString(workDir.resolve("agent.yaml"), String.join("\n",
                "service-name: members",
                "on-config-error: fail",
                "endpoints:",
                "  - name: register-member",
                "    method: POST",
                "    path: /members",
                "    fingerprint:",
                "      mode: json",
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
    void placeholdersGiveEveryNewOperationItsOwnAddressAndEveryCheckPasses() {
        long before = members();

        AgentCli.Result verified = verify("register-member={\"email\": \"m-{{uuid}}-{{seq}}-{{now}}@example.com\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("7 passed, 0 failed, 0 skipped").doesNotContain("refused the sample");
        // The first request, the timeout retry and the concurrent burst each registered one member.
        assertThat(members() - before).isEqualTo(3);
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
        assertThat(Http.to(app.baseUri()).postJson("/members", taken, "Idempotency-Key", UUID.randomUUID().toString())
                .status()).isEqualTo(201);

        AgentCli.Result verified = verify("register-member=" + taken);

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stdout()).contains("the application refused the sample: 409 {\"email\":\"taken\"}")
                .contains("0 passed, 0 failed, 1 refused by the application, 6 skipped");
    }

    private AgentCli.Result verify(String sample) {
        return new AgentCli(workDir, config).run("verify", "--url", app.baseUri().toString(), "--sample", sample,
                "--count", "register-member=/members,/members");
    }

    private long members() {
        return Http.to(app.baseUri()).get("/members").json().get("members").asLong();
    }
}
