package dev.idempotency.it.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The opt-in Prometheus endpoint of a forked demo: after a known sequence of requests, a scrape
 * in the OpenMetrics format counts exactly those, with the store's gauges; a port already in use
 * leaves the service running and protected, and says so.
 */
class PrometheusMetricsTest {

    private static final Pattern SERVING = Pattern.compile("Prometheus metrics on (http://\\S+/metrics)");
    private static final Pattern SAMPLE = Pattern.compile("^([a-z_]+)(\\{[^}]*\\})? (\\S+)$");
    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 1}";

    @TempDir
    Path workDir;

    @Test
    void aScrapeCountsAKnownSequenceOfRequests() throws Exception {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: metrics-it
                logging:
                  sink: none
                metrics:
                  prometheus:
                    port: 0
                    store-gauges-interval: 1s
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI metrics = URI.create(demo.awaitLine(SERVING, Duration.ofSeconds(20)).group(1));
            assertThat(metrics.getHost()).as("loopback by default").isEqualTo("127.0.0.1");
            Http http = Http.to(demo.baseUri());
            String key = UUID.randomUUID().toString();

            assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", key).status()).isEqualTo(201);
            assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", key).status()).isEqualTo(201);
            assertThat(http.postJson("/orders", "{\"item\": \"pen\", \"quantity\": 1}", "Idempotency-Key", key).status())
                    .isEqualTo(422);
            assertThat(http.postJson("/orders", ORDER).status()).isEqualTo(400);
            assertThat(http.postJson("/orders", ORDER).status()).isEqualTo(400);

            // An answer of the agent's own is counted once it is handed to the host, so the client can
            // have the last 400 before it is counted: scrape until the counts are in (they never go down).
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertScrapeCounts(metrics, key));
        }
    }

    private static void assertScrapeCounts(URI metrics, String key) throws IOException, InterruptedException {
        String text = scrape(metrics);
        assertThat(text).as("OpenMetrics text ends with # EOF").endsWith("# EOF\n");
        Map<String, Double> samples = samples(text);
        assertThat(samples).containsEntry("idempotency_attempts_total{decision=executed,endpoint=create-order}", 1.0)
                .containsEntry("idempotency_attempts_total{decision=replayed,endpoint=create-order}", 1.0)
                .containsEntry("idempotency_attempts_total{decision=mismatch,endpoint=create-order}", 1.0)
                .containsEntry("idempotency_attempts_total{decision=missing_key,endpoint=create-order}", 2.0)
                .containsEntry("idempotency_attempt_duration_seconds_count{decision=executed,endpoint=create-order}", 1.0)
                .containsEntry("idempotency_keys{state=in_progress}", 0.0)
                .containsEntry("idempotency_keys{state=unknown}", 0.0)
                .containsEntry("idempotency_store_up", 1.0)
                .containsEntry("idempotency_executions_in_progress", 0.0);
        assertThat(samples.keySet()).noneMatch(name -> name.contains(key));
    }

    @Test
    void aPortInUseLeavesTheServiceProtectedAndSaysSo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path config = Files.writeString(workDir.resolve("agent.yaml"), """
                    logging:
                      sink: none
                    metrics:
                      prometheus:
                        port: %d
                    endpoints:
                      - name: create-order
                        method: POST
                        path: /orders
                    """.formatted(taken.getLocalPort()));
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
                demo.awaitLine(Pattern.compile("cannot serve Prometheus metrics on 127\\.0\\.0\\.1:" + taken.getLocalPort()
                        + ".*the metrics endpoint is off"), Duration.ofSeconds(20));

                Http.Response refused = Http.to(demo.baseUri()).postJson("/orders", ORDER);
                assertThat(refused.status()).as("still protected: a key is required").isEqualTo(400);
            }
        }
    }

    private static String scrape(URI metrics) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(metrics)
                .header("Accept", "application/openmetrics-text; version=1.0.0; charset=utf-8")
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/openmetrics-text"));
        return response.body();
    }

    /** {@code name{label=value,...}} (labels sorted, quotes dropped) to value, for every sample line. */
    private static Map<String, Double> samples(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (line.startsWith("#") || !sample.matches()) {
                continue;
            }
            String labels = sample.group(2) == null ? "" : "{" + String.join(",", new java.util.TreeSet<>(
                    java.util.Arrays.asList(sample.group(2).substring(1, sample.group(2).length() - 1)
                            .replace("\"", "").split(",")))) + "}";
            samples.put(sample.group(1) + labels, Double.parseDouble(sample.group(3)));
        }
        return samples;
    }
}
