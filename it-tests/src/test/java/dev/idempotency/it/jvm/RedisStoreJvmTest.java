package dev.idempotency.it.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;

/**
 * The Redis store in a service on the JVM under test ({@link ServiceJvm}: Java 8 and 11 in their
 * sets): the agent's relocated Redis client runs there, a key executes once and replays, and the
 * durability warning reaches stderr.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class RedisStoreJvmTest {

    private static final String URL = "redis://127.0.0.1:6379/0";
    private static final String BODY = "{\"item\": \"book\", \"quantity\": 1}";

    @TempDir
    Path workDir;

    @Test
    void aKeyExecutesOnceAndReplaysOnTheRedisStore() throws Exception {
        try (JedisPooled redis = new JedisPooled(URI.create(URL))) {
            assertThat(redis.ping()).as("Redis at " + URL + " (.ci/run starts it)").isEqualTo("PONG");
        }
        String table = "jvm_" + UUID.randomUUID().toString().replace("-", "");
        Path config = Files.writeString(workDir.resolve("agent.yaml"), "service-name: estate\n"
                + "store:\n  url: \"" + URL + "\"\n  table: " + table + "\n"
                + "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");
        try (ForkedService service = DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(workDir).agentConfig(config)
                .start()) {
            Http http = Http.to(service.baseUri());
            String key = UUID.randomUUID().toString();
            assertThat(http.postJson("/orders", BODY, "Idempotency-Key", key).status()).isEqualTo(201);
            assertThat(http.postJson("/orders", BODY, "Idempotency-Key", key).header("Idempotent-Replayed"))
                    .hasValue("true");
            assertThat(http.get("/orders/count").body().trim()).as("the application's own count").isEqualTo("1");
            // said once the store is open, on the opener's thread; stderr is read as it comes
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(service.stderr())
                    .anyMatch(line -> line.contains("store redis"))
                    .anyMatch(line -> line.contains("keeps no append-only file")));
        } finally {
            try (JedisPooled redis = new JedisPooled(URI.create(URL))) {
                for (String key : redis.keys("{" + table + "}*")) {
                    redis.del(key);
                }
            }
        }
    }
}
