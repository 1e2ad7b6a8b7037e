package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response copies of the whole JVM share one budget ({@code response-capture-budget}): a
 * response that would pass it reaches the client whole, and its record keeps status and headers
 * only, as one over its endpoint's own cap does; the replay says the body was not retained. The
 * budget is set far below one response here, so every body passes it.
 */
class ResponseCaptureBudgetTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path workDir;

    @Test
    void aResponseOverTheJvmsBudgetReachesTheClientWholeAndIsNotRetained() throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: capture-budget
                response-capture-budget: 8
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                    max-stored-response-body: 1MB
                """);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            Http http = Http.to(demo.baseUri());
            String key = UUID.randomUUID().toString();
            String order = "{\"item\": \"book\", \"quantity\": 2}";

            Http.Response first = http.postJson("/orders", order, "Idempotency-Key", key);
            Http.Response replay = http.postJson("/orders", order, "Idempotency-Key", key);

            assertThat(first.status()).isEqualTo(201);
            assertThat(JSON.readTree(first.body()).get("id").asLong()).as("the client got the whole body").isPositive();
            assertThat(replay.status()).isEqualTo(201);
            assertThat(replay.header("Idempotent-Replayed")).contains("true");
            JsonNode problem = JSON.readTree(replay.body());
            assertThat(problem.get("type").asText()).endsWith("/idempotency-response-not-retained");
            assertThat(http.get("/stats").json().get("orders").asInt()).as("executed once").isEqualTo(1);
            // The attempt log is written off the request thread, and read from the demo's stdout as it comes.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(demo.stdout())
                    .filteredOn(line -> line.contains(key) && line.contains("\"executed\""))
                    .singleElement().asString().contains("body not retained"));
        }
    }
}
