package dev.idempotency.it.legacy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.logging.AttemptLogFile;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.OneKeyRace;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One legacy runtime with an estate application ({@code legacy-demo/estate}, the contract in
 * legacy-demo/README.md) in its own JVM, the agent attached by {@code -javaagent:<jar>=config=<file>}
 * alone, and one endpoint {@code create-order} declared. Whether the application ran is read from
 * the application itself ({@code GET <base>/orders/count}, the executions of its create handler),
 * what the agent decided from its attempt log. Every test uses fresh keys, so one server (started
 * once per class) and one store serve them all.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class LegacyRuntimeScenarios {

    private static final String KEY = "Idempotency-Key";
    private static final String REPLAYED = "Idempotent-Replayed";
    private static final String REQUEST_ID = "X-Request-Id";
    private static final String PROBLEM_JSON = "application/problem+json";
    private static final Pattern AGENT_WARNING_OR_ERROR = Pattern.compile("idempotency-agent \\S+: (WARNING|ERROR)");

    private ForkedService server;
    private Path workDir;
    private Path agentConfig;
    private AttemptLogFile attemptLog;
    /** Every answer to a POST this class sent, for the check that the attempt log tells what the clients got. */
    private final Queue<Http.Response> posted = new ConcurrentLinkedQueue<>();

    /** Starts the runtime with its estate application in {@code workDir}, agent attached with {@code -javaagent:<jar>=config=<agentConfig>}. */
    protected abstract ForkedService start(Path workDir, Path agentConfig) throws Exception;

    /** The class {@code status} must name as where {@code create-order}'s requests entered (a servlet, a filter, a resource class). */
    protected abstract String expectedEntryPoint();

    /**
     * Where the application's contract lives below the server's base URI (which carries the
     * context path): the servlet or application mapping, {@code "/api"} say; {@code ""} when the
     * context path is the base.
     */
    protected String basePath() {
        return "";
    }

    /** The endpoint's declaration after its name, one YAML line each: {@code method} and {@code path}, or a {@code resource-method}. */
    protected List<String> endpointDeclaration() {
        return List.of("method: POST", "path: /orders");
    }

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void startServer(@TempDir Path workDir) throws Exception {
        // The agent's store and attempt log under the temp dir: nothing lands in the server's working directory.
        this.workDir = workDir;
        Path attempts = workDir.resolve("agent-log/attempts.jsonl");
        String declaration = endpointDeclaration().stream().map(line -> "    " + line).collect(Collectors.joining("\n"));
        agentConfig = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: estate
                on-config-error: fail
                store:
                  url: jdbc:h2:file:%s
                logging:
                  sink: file
                  file: %s
                endpoints:
                  - name: create-order
                %s
                """.formatted(workDir.resolve("agent-store/agent"), attempts, declaration));
        attemptLog = new AttemptLogFile(attempts);
        server = start(workDir, agentConfig);
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void firstKeyedPostExecutesOnceAndIsLoggedAsExecuted() {
        long before = executions();
        String key = newKey();
        String item = uniqueItem("first");

        Http.Response created = post(order(item, 2), key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header(REPLAYED)).isEmpty();
        JsonNode order = created.json();
        assertThat(order.path("item").asText()).isEqualTo(item);
        assertThat(order.path("quantity").asInt()).isEqualTo(2);
        assertThat(created.header("Location")).hasValueSatisfying(location ->
                assertThat(location).endsWith(basePathOnTheServer() + "/orders/" + order.path("id").asLong()));
        assertThat(executions()).isEqualTo(before + 1);
        assertEvent(attemptLog.awaitEventsOfKey(key, 1).get(0), "executed", 201);
    }

    @Test
    void sameKeyAndBodyGetsTheSameAnswerReplayedWithoutExecuting() {
        String key = newKey();
        String body = order(uniqueItem("repeat"), 2);
        Http.Response first = post(body, key);
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        long before = executions();

        Http.Response repeat = post(body, key);

        assertThat(repeat.status()).as(repeat.body()).isEqualTo(first.status());
        assertThat(repeat.body()).isEqualTo(first.body());
        assertThat(repeat.header(REPLAYED)).hasValue("true");
        assertThat(executions()).isEqualTo(before);
        assertEvent(attemptLog.awaitEventsOfKey(key, 2).get(1), "replayed", 201);
    }

    @Test
    void sameKeyWithAnotherBodyIsRefusedWith422WithoutExecuting() {
        String key = newKey();
        Http.Response original = post(order(uniqueItem("original"), 2), key);
        assertThat(original.status()).as(original.body()).isEqualTo(201);
        long before = executions();

        Http.Response reused = post(order(uniqueItem("changed"), 2), key);

        assertThat(reused.status()).as(reused.body()).isEqualTo(422);
        assertThat(reused.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith(PROBLEM_JSON));
        assertThat(reused.header(REPLAYED)).isEmpty();
        assertThat(executions()).isEqualTo(before);
        assertEvent(attemptLog.awaitEventsOfKey(key, 2).get(1), "mismatch", 422);
    }

    @Test
    void aPostWithoutKeyIsRefusedWith400WithoutExecuting() {
        long before = executions();

        Http.Response refused = post(order(uniqueItem("keyless"), 1), null);

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith(PROBLEM_JSON));
        assertThat(executions()).isEqualTo(before);
        assertThat(refused.header(REQUEST_ID)).as("the request id header").isPresent();
        assertEvent(eventOfRequest(refused.header(REQUEST_ID).get()), "missing_key", 400);
    }

    @Test
    void eightSimultaneousPostsWithOneKeyExecuteExactlyOnce() throws Exception {
        long before = executions();
        String key = newKey();
        String body = order(uniqueItem("race"), 1);

        List<Http.Response> answers = OneKeyRace.send(8, () -> post("?delayMs=1500", body, key));

        assertThat(executions()).isEqualTo(before + 1);
        OneKeyRace.assertExactlyOneExecuted(answers);
        List<JsonNode> events = attemptLog.awaitEventsOfKey(key, answers.size());
        assertThat(events).hasSize(answers.size());
        assertThat(events).filteredOn(event -> "executed".equals(event.path("event.action").asText())).hasSize(1);
    }

    /**
     * Other spellings of {@code /orders}: a runtime routes each to the create handler or elsewhere
     * (its default servlet, a framework that matches no handler). Routed to the handler, the
     * spelling is the endpoint: protected, and one operation with {@code /orders}. Routed elsewhere,
     * it spends no key: the retry on {@code /orders} with the same key creates the order.
     */
    @ParameterizedTest
    @ValueSource(strings = {"//orders", "/orders/", "/orders.json"})
    void aSpellingIsTheProtectedEndpointOrSpendsNoKey(String spelling) {
        long before = executions();
        String key = newKey();
        String body = order(uniqueItem("spelling"), 1);

        Http.Response first = postAt(spelling, body, key);
        long afterFirst = executions();
        Http.Response canonical = post(body, key);
        System.out.printf("%s: POST %s with a new key %d, then /orders with it %d%s%n", getClass().getSimpleName(), spelling,
                first.status(), canonical.status(), canonical.header(REPLAYED).isPresent() ? " replayed" : "");

        if (first.status() / 100 == 2) {
            posted.add(first);
            assertThat(afterFirst).as("%s reached the handler", spelling).isEqualTo(before + 1);
            assertThat(canonical.status()).as("the key again on /orders after %s: %s", spelling, canonical.body())
                    .isEqualTo(first.status());
            assertThat(canonical.header(REPLAYED)).as("the key again on /orders after %s", spelling).hasValue("true");
            assertThat(executions()).as("%s and /orders with one key", spelling).isEqualTo(before + 1);
            Http.Response keyless = postAt(spelling, order(uniqueItem("spelling-keyless"), 1), null);
            assertThat(keyless.status()).as("%s without a key: %s", spelling, keyless.body()).isEqualTo(400);
            assertThat(executions()).isEqualTo(before + 1);
        } else {
            assertThat(afterFirst).as("%s answered %d without the handler", spelling, first.status()).isEqualTo(before);
            assertThat(first.header(REPLAYED)).as("%s answered by the host", spelling).isEmpty();
            assertThat(canonical.status()).as("/orders with the key %s answered %d to: %s", spelling, first.status(),
                    canonical.body()).isEqualTo(201);
            assertThat(canonical.header(REPLAYED)).as("/orders after %s", spelling).isEmpty();
            assertThat(executions()).as("the order is created by /orders").isEqualTo(before + 1);
            // The spent key on the spelling again: the host's answer, or (where the host's router runs
            // after the agent decided) the stored one; never a second order.
            Http.Response spent = postAt(spelling, body, key);
            System.out.printf("%s: POST %s with the spent key %d%s%n", getClass().getSimpleName(), spelling,
                    spent.status(), spent.header(REPLAYED).isPresent() ? " replayed" : "");
            assertThat(executions()).as("%s with the key /orders spent", spelling).isEqualTo(before + 1);
        }
    }

    /**
     * What the agent rightly warns of on this runtime, beside the protected endpoint (a part of the
     * runtime no instrumentation group supports, say): each a text its one warning line contains,
     * in {@code status} and on the console. None by default.
     */
    protected List<String> expectedWarnings() {
        return List.of();
    }

    @Test
    void statusNamesTheEntryPointOfTheEndpointAndTheAgentWarnsOfNothingElse() {
        // A request that reaches the endpoint: the agent publishes its status and where the request entered.
        Http.Response created = post(order(uniqueItem("status"), 1), newKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);

        AgentCli.Result status = new AgentCli(workDir, agentConfig).runWithoutConfig("status", Long.toString(server.pid()));

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).as(status.toString())
                .containsPattern("(?m)^  create-order .*request\\(s\\)")
                .contains("    entered at " + expectedEntryPoint() + " in ")
                .contains(expectedWarnings().isEmpty() ? "warnings: none" : "warnings: " + expectedWarnings().size())
                .doesNotContainPattern("(?m)^  create-order .*UNPROTECTED");
        for (String expected : expectedWarnings()) {
            assertThat(status.stdout()).as(status.toString()).contains(expected);
        }
        assertThat(Stream.concat(server.stderr().stream(), server.stdout().stream())
                .filter(line -> AGENT_WARNING_OR_ERROR.matcher(line).find())
                .filter(line -> expectedWarnings().stream().noneMatch(line::contains)))
                .as("the agent's warnings and errors beyond %s", expectedWarnings()).isEmpty();
    }

    /** Last, so that it checks what every other test of the class sent too; it sends one request of each kind itself. */
    @Test
    @Order(Integer.MAX_VALUE)
    void theAttemptLogHasTheStatusEveryClientReceived() {
        String key = newKey();
        String body = order(uniqueItem("truthful"), 3);
        post(body, key);
        post(body, key);
        post(order(uniqueItem("truthful-other"), 3), key);
        post(body, null);

        for (Http.Response answer : posted) {
            assertThat(answer.header(REQUEST_ID)).as("request id of the answer %s %s", answer.status(), answer.body()).isPresent();
            JsonNode event = eventOfRequest(answer.header(REQUEST_ID).get());
            assertThat(event.path("http.response.status_code").asInt())
                    .as("logged status of request %s (%s)", answer.header(REQUEST_ID).get(), event)
                    .isEqualTo(answer.status());
        }
    }

    // ---- helpers ----

    private Http http() {
        return Http.to(URI.create(server.baseUri() + basePath()));
    }

    /** The base as a path on the server: the context path and the mapping. */
    private String basePathOnTheServer() {
        return server.baseUri().getPath() + basePath();
    }

    private Http.Response post(String body, String key) {
        return post("", body, key);
    }

    /** {@code POST <base><spelling>}, sent as written, with the key, or without one when null. */
    private Http.Response postAt(String spelling, String body, String key) {
        String[] headers = key == null ? new String[0] : new String[] {KEY, key};
        return http().post(spelling, "application/json", body, Http.DEFAULT_TIMEOUT, headers);
    }

    /** {@code POST <base>/orders<query>} with the key, or without one when null; the answer is kept for the attempt-log check. */
    private Http.Response post(String query, String body, String key) {
        String[] headers = key == null ? new String[0] : new String[] {KEY, key};
        Http.Response answer = http().post("/orders" + query, "application/json", body, Http.DEFAULT_TIMEOUT, headers);
        posted.add(answer);
        return answer;
    }

    /** The executions of the application's create handler, as the application counts them. */
    private long executions() {
        Http.Response count = http().get("/orders/count");
        assertThat(count.status()).as(count.body()).isEqualTo(200);
        assertThat(count.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
        return Long.parseLong(count.body().trim());
    }

    private JsonNode eventOfRequest(String requestId) {
        return attemptLog.awaitEvent(event -> requestId.equals(event.path("http.request.id").asText()));
    }

    private static void assertEvent(JsonNode event, String action, int status) {
        assertThat(event.path("event.action").asText()).as(event.toString()).isEqualTo(action);
        assertThat(event.path("idempotency.endpoint").asText()).as(event.toString()).isEqualTo("create-order");
        assertThat(event.path("http.response.status_code").asInt()).as(event.toString()).isEqualTo(status);
    }

    private static String order(String item, int quantity) {
        return "{\"item\":\"" + item + "\",\"quantity\":" + quantity + "}";
    }

    private static String newKey() {
        return UUID.randomUUID().toString();
    }

    private static String uniqueItem(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }
}
