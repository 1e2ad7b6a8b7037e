package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service started with the agent and no endpoints declared: the agent protects nothing, and
 * {@code discover <pid>} lists the state-changing requests it took, by name only, with an
 * {@code endpoints:} list to declare them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiscoverCommandTest {

    private static final String CONFIG = """
            service-name: discover
            endpoints: []
            """;
    private static final String KEY = "key-sentinel-7f3a9c";
    private static final String ORDER = "{\"item\": \"body-sentinel-book\", \"quantity\": 1}";

    private Path workDir;
    private DemoApp demo;

    @BeforeAll
    void startDemo(@TempDir Path dir) throws IOException {
        workDir = dir;
        Path config = Files.writeString(workDir.resolve("agent.yaml"), CONFIG);
        demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
        Http http = Http.to(demo.baseUri());
        assertThat(http.postJson("/orders?token=query-sentinel-51", ORDER, "Idempotency-Key", KEY,
                "X-Merchant-Id", "merchant-sentinel-42").status()).isEqualTo(201);
        assertThat(http.postJson("/orders/5/payments", "{\"amount\": 10}", "Idempotency-Key", "other-key-sentinel-1",
                "X-Merchant-Id", "merchant-sentinel-42").status()).isLessThan(500);
        assertThat(http.get("/orders/5").status()).isLessThan(500);
        // Not an idempotency-protected answer: nothing is declared.
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", KEY).header("Idempotent-Replayed")).isEmpty();
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void listsTheUndeclaredStateChangingRequestsAndTheEndpointsToDeclare() {
        AgentCli cli = new AgentCli(workDir, workDir.resolve("agent.yaml"));
        // With nothing declared, no attempt publishes the status early: it is published seconds after start.
        AgentCli.Result discovered = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> cli.runWithoutConfig("discover", Long.toString(demo.pid())),
                        result -> !result.stderr().contains("has not published its status yet"));

        assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
        assertThat(discovered.stdout()).as(discovered.toString()).contains(
                "  POST /orders: 2 request(s), Idempotency-Key sent with 2, content types: application/json, "
                        + "credentials: header X-Merchant-Id",
                "  POST /orders/{id}/payments: 1 request(s), Idempotency-Key sent with 1, content types: "
                        + "application/json, credentials: header X-Merchant-Id",
                """
                endpoints:
                  - name: post-orders
                    method: POST
                    path: /orders
                    fingerprint:
                      mode: json
                    scope: header:X-Merchant-Id
                  - name: post-orders-payments
                    method: POST
                    path: /orders/{id}/payments
                    fingerprint:
                      mode: json
                    scope: header:X-Merchant-Id
                """);
        assertThat(discovered.stdout()).doesNotContain("GET", "sentinel");
    }
}
