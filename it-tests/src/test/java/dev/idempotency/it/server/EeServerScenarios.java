package dev.idempotency.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.contract.Stats;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.OneKeyRace;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The orders WAR ({@code legacy-demo/orders-ee-war}) in a Jakarta EE application server, agent
 * attached by {@code -javaagent} alone: the seed's four scenarios and eight simultaneous requests
 * with one key, each on the server's JAX-RS implementation ({@code POST /orders}, JSON) and on its
 * servlet container ({@code POST /orders/form}, a plain {@code @WebServlet}). Side effects are
 * differences of {@code /stats} taken around an action; every test uses fresh keys, so one server
 * (started once per class) and one store serve them all.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
abstract class EeServerScenarios {

    private static final String KEY = "Idempotency-Key";
    private static final String REPLAYED = "Idempotent-Replayed";
    private static final String PROBLEMS = "https://idempotency-agent.dev/problems/";
    private static final Pattern STARTUP_LINE = Pattern.compile("idempotency-agent \\S+: 2 endpoints declared in .*, store h2");
    private static final Pattern AGENT_WARNING = Pattern.compile("idempotency-agent \\S+: WARNING: ");

    /** The two entry points the agent must protect inside the server. */
    enum Endpoint {
        /** The JAX-RS resource method: the server's JAX-RS runtime dispatches it. */
        JAXRS("/orders", "application/json") {
            @Override
            String order(String item, int quantity) {
                return "{\"item\": \"" + item + "\", \"quantity\": " + quantity + "}";
            }
        },
        /** The {@code @WebServlet}: only the servlet container is involved. */
        SERVLET("/orders/form", "application/x-www-form-urlencoded") {
            @Override
            String order(String item, int quantity) {
                return "item=" + item + "&quantity=" + quantity;
            }
        };

        final String path;
        final String contentType;

        Endpoint(String path, String contentType) {
            this.path = path;
            this.contentType = contentType;
        }

        abstract String order(String item, int quantity);
    }

    private ForkedService server;
    private Path workDir;
    private Path agentConfig;

    /** Starts the server with the orders WAR in {@code workDir}, agent attached with {@code -javaagent:<jar>=config=<agentConfig>}. */
    protected abstract ForkedService start(Path workDir, Path agentConfig) throws Exception;

    /** The class of the server's JAX-RS runtime that the agent instruments (its dispatch of a matched resource method). */
    protected abstract String jaxrsRuntimeEntryPoint();

    /** Every line the server wrote: stdout, stderr and any log file of its own. */
    protected List<String> serverLog(ForkedService server) {
        return Stream.concat(server.stdout().stream(), server.stderr().stream()).toList();
    }

    @BeforeAll
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void startServer(@TempDir Path workDir) throws Exception {
        // The agent's store and attempt log under the temp dir: nothing lands in the server's working directory.
        this.workDir = workDir;
        agentConfig = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: orders-ee
                on-config-error: fail
                store:
                  url: jdbc:h2:file:%s
                logging:
                  sink: file
                  file: %s
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                    fingerprint:
                      mode: json
                  - name: create-order-form
                    method: POST
                    path: /orders/form
                """.formatted(workDir.resolve("agent-store/agent"), workDir.resolve("agent-log/attempts.jsonl")));
        server = start(workDir, agentConfig);
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    // ---- the agent in the server ----

    @Test
    void theAgentAnnouncesItselfInTheServerLog() {
        assertThat(serverLog(server)).anyMatch(line -> STARTUP_LINE.matcher(line).find());
    }

    @Test
    void theServerLogHasNoAgentWarning() {
        // A helper the agent could not define next to the server's servlet or JAX-RS classes is such a warning.
        assertThat(serverLog(server)).noneMatch(line -> AGENT_WARNING.matcher(line).find());
    }

    @Test
    void statusListsTheJaxrsRuntimeAndTheServletAsInstrumentedAndNoWarning() {
        AgentCli.Result status = new AgentCli(workDir, agentConfig).runWithoutConfig("status", Long.toString(server.pid()));

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).contains("  " + jaxrsRuntimeEntryPoint() + " in ",
                "  dev.idempotency.demo.ee.OrderFormServlet in ", "warnings: none");
    }

    // ---- the seed's four scenarios, on each entry point ----

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void firstRequestExecutesOnceAndIsStored(Endpoint endpoint) {
        Stats before = stats();
        String item = uniqueItem("first");

        Http.Response created = post(endpoint, "", endpoint.order(item, 2), newKey());

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header(REPLAYED)).isEmpty();
        assertThat(created.header("X-Request-Id")).isPresent();
        assertThat(created.header("Location")).hasValueSatisfying(location -> assertThat(location).contains("/orders-ee/orders/"));
        assertThat(itemOf(created)).isEqualTo(item);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void retryAfterATimeoutAfterTheWriteGetsTheStoredAnswerWithoutASecondEffect(Endpoint endpoint) {
        Stats before = stats();
        String key = newKey();
        String item = uniqueItem("timeout");
        String body = endpoint.order(item, 2);

        assertThatThrownBy(() -> post(endpoint, "?delayMs=3000", body, key, Duration.ofSeconds(1)))
                .hasCauseInstanceOf(HttpTimeoutException.class);
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);
        // The server still sleeps after its commit: retry, as a client would, until it is no longer in progress.
        Http.Response retry = await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(300))
                .until(() -> post(endpoint, "?delayMs=3000", body, key), response -> response.status() != 409);

        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).hasValue("true");
        assertThat(itemOf(retry)).isEqualTo(item);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void sameKeyAndSameBodyGetsTheSameStatusAndBody(Endpoint endpoint) {
        String key = newKey();
        String body = endpoint.order(uniqueItem("repeat"), 2);
        Http.Response first = post(endpoint, "", body, key);
        Stats before = stats();

        Http.Response repeat = post(endpoint, "", body, key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(repeat.status()).as(repeat.body()).isEqualTo(first.status());
        assertThat(repeat.body()).isEqualTo(first.body());
        assertThat(repeat.header(REPLAYED)).hasValue("true");
        assertThat(repeat.header("Location")).isPresent().isEqualTo(first.header("Location"));
        assertThat(stats()).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void sameKeyWithAnotherBodyIsRefusedWith422BeforeAnyEffect(Endpoint endpoint) {
        String key = newKey();
        Http.Response original = post(endpoint, "", endpoint.order(uniqueItem("original"), 2), key);
        assertThat(original.status()).as(original.body()).isEqualTo(201);
        Stats before = stats();

        Http.Response reused = post(endpoint, "", endpoint.order(uniqueItem("changed"), 2), key);

        assertThat(reused.status()).as(reused.body()).isEqualTo(422);
        assertThat(reused.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = reused.json();
        assertThat(problem.path("type").asText()).isEqualTo(PROBLEMS + "idempotency-key-reused");
        assertThat(problem.path("status").asInt()).isEqualTo(422);
        assertThat(reused.header(REPLAYED)).isEmpty();
        assertThat(http().rawStatusLine(endpoint.path, endpoint.contentType, endpoint.order(uniqueItem("changed"), 2), KEY, key))
                .as("the status line on the wire").isIn("HTTP/1.1 422 Unprocessable Content", "HTTP/1.1 422 Unprocessable Entity");
        assertThat(stats()).isEqualTo(before);
    }

    // ---- concurrency ----

    @ParameterizedTest
    @EnumSource(Endpoint.class)
    void eightSimultaneousRequestsWithOneKeyExecuteExactlyOnce(Endpoint endpoint) throws Exception {
        Stats before = stats();
        String key = newKey();
        String body = endpoint.order(uniqueItem("race"), 1);

        List<Http.Response> answers = OneKeyRace.send(8, () -> post(endpoint, "?delayMs=500", body, key));

        OneKeyRace.assertExactlyOneExecuted(answers);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- helpers ----

    private Http http() {
        return Http.to(server.baseUri());
    }

    private Http.Response post(Endpoint endpoint, String query, String body, String key) {
        return post(endpoint, query, body, key, Http.DEFAULT_TIMEOUT);
    }

    private Http.Response post(Endpoint endpoint, String query, String body, String key, Duration timeout) {
        return http().post(endpoint.path + query, endpoint.contentType, body, timeout, KEY, key);
    }

    private Stats stats() {
        return Stats.of(http().get("/stats").json());
    }

    /** The item of the order a 201 names, read back through the JAX-RS resource: proves which order the answer is about. */
    private String itemOf(Http.Response created) {
        Http.Response order = http().get("/orders/" + created.json().get("id").asLong());
        assertThat(order.status()).as(order.body()).isEqualTo(200);
        return order.json().get("item").asText();
    }

    private static String newKey() {
        return UUID.randomUUID().toString();
    }

    private static String uniqueItem(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
