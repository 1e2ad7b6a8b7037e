package dev.idempotency.it.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.ClassPathJar;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servlet adapter failing after the agent claimed a request, before the application started, on
 * a real Tomcat with the agent jar and its store: the host hands the application a response that
 * refuses the agent's request-id header ({@link RefusingHostProgram}), which the adapter sets first
 * when it prepares the application's run. The application must not run unprotected in its place: the
 * client gets the agent's 500, the claim is released, and the retry executes once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AdapterFailureOnTomcatTest {

    @Test
    void aClaimedRequestTheAdapterCannotPrepareIsAnswered500AndReleasedSoItsRetryExecutesOnce(@TempDir Path workDir)
            throws Exception {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), String.join("\n",
                "service-name: refusing-host",
                "on-config-error: fail",
                "endpoints:",
                "  - name: create-order",
                "    method: POST",
                "    path: /orders",
                ""));
        Path program = ClassPathJar.running(RefusingHostProgram.class, workDir.resolve("program"));
        try (DemoApp app = DemoApp.builder(program).workDir(workDir).agentConfig(config).start()) {
            Http http = Http.to(app.baseUri());
            String key = UUID.randomUUID().toString();

            Http.Response refused = http.postJson("/orders", "{\"sku\":1}", "Idempotency-Key", key,
                    "X-Refused-Header", "X-Request-Id");

            assertThat(executions(http)).as("the application did not run unprotected").isZero();
            assertThat(refused.status()).isEqualTo(500);
            assertThat(refused.header("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("application/problem+json"));
            assertThat(refused.body()).contains("idempotency-agent-failure");

            Http.Response retry = http.postJson("/orders", "{\"sku\":1}", "Idempotency-Key", key);
            Http.Response again = http.postJson("/orders", "{\"sku\":1}", "Idempotency-Key", key);

            assertThat(retry.status()).as("the claim was released: the retry executes, not 409").isEqualTo(201);
            assertThat(again.status()).isEqualTo(201);
            assertThat(again.header("Idempotent-Replayed")).contains("true");
            assertThat(again.body()).isEqualTo(retry.body());
            assertThat(executions(http)).isOne();
            // Read from the service's stderr as it comes.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(String.join("\n", app.stderr()))
                    .as("said loudly, with the cause")
                    .contains("servlet-javax adapter failed after the request was claimed",
                            "this host refuses the header X-Request-Id"));
        }
    }

    private static long executions(Http http) {
        return http.get("/orders").json().get("executions").asLong();
    }
}
