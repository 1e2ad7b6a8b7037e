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
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code key-pattern}, on the javax demo in embedded Tomcat 9 with its own config: create-order
 * takes UUID keys only. A key outside the pattern is refused before the application runs; a UUID
 * key is protected as any key is.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KeyPatternTest {

    private static final String KEY = "Idempotency-Key";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @AutoClose
    private DemoApp app;
    private Http http;
    private Path workDir;
    private Path config;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void start(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        config = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: orders-key-pattern
                on-config-error: fail
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                    key-pattern: "%s"
                """.formatted(UUID_PATTERN));
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
        http = Http.to(app.baseUri());
    }

    @Test
    void aKeyOutsideThePatternIsRefusedAndNoOrderIsCreated() {
        Stats before = stats();

        Http.Response refused = http.postJson("/orders", order(), KEY, "order-1");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().path("type").asText()).endsWith("/idempotency-key-invalid");
        assertThat(refused.json().path("detail").asText()).contains("does not match the pattern", UUID_PATTERN);
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void aKeyMatchingThePatternCreatesOneOrderAndItsRetryIsReplayed() {
        Stats before = stats();
        String key = UUID.randomUUID().toString();
        String body = order();

        Http.Response first = http.postJson("/orders", body, KEY, key);
        Http.Response retry = http.postJson("/orders", body, KEY, key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).hasValue("true");
        assertThat(retry.body()).isEqualTo(first.body());
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void verifyChecksAnEndpointThatTakesUuidKeysOnly() {
        AgentCli.Result verified = new AgentCli(workDir, config).run("verify", "--url", app.baseUri().toString(),
                "--sample", "create-order=" + order(), "--count", "create-order=/stats,/orders");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains(" 0 failed");
    }

    private Stats stats() {
        return Stats.of(http.get("/stats").json());
    }

    private static String order() {
        return "{\"item\": \"pattern-" + UUID.randomUUID().toString().substring(0, 8) + "\", \"quantity\": 1}";
    }
}
