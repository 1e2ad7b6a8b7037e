package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.net.http.HttpTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's four scenarios against one demo process with the agent attached: first request,
 * timeout after write, repeat, same key with another body. Every assertion on side effects is a
 * difference of {@code /stats} taken around the action; every test uses fresh keys, so the tests
 * of a class share one process and one store.
 *
 * <p>Subclasses say how the service starts ({@link #start(Path)}) and where its resources live.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class SeedScenarios {

    protected static final String KEY = "Idempotency-Key";
    protected static final String REPLAYED = "Idempotent-Replayed";
    protected static final String REQUEST_ID = "X-Request-Id";
    protected static final String PROBLEMS = "https://idempotency-agent.dev/problems/";

    private ForkedService service;

    /** Starts the service under test in {@code workDir} (a fresh temp dir: empty store and demo DB), agent attached. */
    protected abstract ForkedService start(Path workDir) throws Exception;

    /** The path of the order collection below the base URI. */
    protected String ordersPath() {
        return "/orders";
    }

    protected String statsPath() {
        return "/stats";
    }

    /** The temp dir lives as long as the class, so it outlives the process closed below. */
    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void startService(@TempDir Path workDir) throws Exception {
        service = start(workDir);
    }

    @AfterAll
    void stopService() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    void firstRequestCreatesOneOrderAndOneEmail() {
        Stats before = stats();
        String item = uniqueItem("first");

        Http.Response created = postOrder(order(item), newKey());

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header(REPLAYED)).isEmpty();
        assertThat(created.header(REQUEST_ID)).isPresent();
        assertThat(created.header("Location")).isPresent();
        assertThat(created.header("Set-Cookie")).isPresent();
        assertThat(itemOf(created)).isEqualTo(item);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void retryAfterAClientTimeoutReplaysTheStoredOrderInsteadOfWritingAgain() {
        Stats before = stats();
        String key = newKey();
        String item = uniqueItem("timeout");
        String body = order(item);
        String slowPath = ordersPath() + "?delayMs=3000";

        assertThatThrownBy(() -> http().postJson(slowPath, body, Duration.ofSeconds(1), KEY, key))
                .hasCauseInstanceOf(HttpTimeoutException.class);
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);
        // The server still sleeps after its commit: retry, as a client would, until it is no longer in progress.
        Http.Response retry = await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(300))
                .until(() -> http().postJson(slowPath, body, KEY, key), response -> response.status() != 409);

        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).hasValue("true");
        assertThat(itemOf(retry)).isEqualTo(item);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void repeatWithTheSameBodyReplaysStatusBodyAndLocationWithoutCookie() {
        String key = newKey();
        String body = order(uniqueItem("repeat"));
        Http.Response first = postOrder(body, key);
        Stats before = stats();

        Http.Response repeat = postOrder(body, key);

        assertThat(first.status()).isEqualTo(201);
        assertReplayOf(first, repeat);
        assertThat(repeat.header("Location")).isPresent().isEqualTo(first.header("Location"));
        assertThat(repeat.header("Content-Type")).isEqualTo(first.header("Content-Type"));
        assertThat(repeat.header("Set-Cookie")).isEmpty();
        assertThat(repeat.header(REQUEST_ID)).isPresent().isNotEqualTo(first.header(REQUEST_ID));
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void sameKeyWithAnotherBodyIsRefusedWith422BeforeAnyWrite() {
        String key = newKey();
        assertThat(postOrder(order(uniqueItem("original")), key).status()).isEqualTo(201);
        Stats before = stats();

        Http.Response reused = postOrder(order(uniqueItem("changed")), key);

        assertProblem(reused, 422, "idempotency-key-reused");
        assertThat(reused.header(REPLAYED)).isEmpty();
        assertThat(stats()).isEqualTo(before);
    }

    // ---- helpers for subclasses ----

    protected Http http() {
        return Http.to(service.baseUri());
    }

    protected ForkedService service() {
        return service;
    }

    protected Stats stats() {
        return Stats.of(http().get(statsPath()).json());
    }

    protected Http.Response postOrder(String json, String key) {
        return http().postJson(ordersPath(), json, KEY, key);
    }

    protected static String newKey() {
        return UUID.randomUUID().toString();
    }

    /** An item name no other test uses, so the order can be recognised by {@code GET}. */
    protected static String uniqueItem(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    protected static String order(String item) {
        return "{\"item\": \"" + item + "\", \"quantity\": 2}";
    }

    protected static long idOf(Http.Response created) {
        return created.json().get("id").asLong();
    }

    /** The item of the order a 201 names, read back with {@code GET}: proves which order the answer is about. */
    protected String itemOf(Http.Response created) {
        Http.Response order = http().get(ordersPath() + "/" + idOf(created));
        assertThat(order.status()).as(order.body()).isEqualTo(200);
        return order.json().get("item").asText();
    }

    /** A replay of {@code original}: its status and body again, marked as replayed. */
    protected static void assertReplayOf(Http.Response original, Http.Response replay) {
        assertThat(replay.status()).as(replay.body()).isEqualTo(original.status());
        assertThat(replay.body()).isEqualTo(original.body());
        assertThat(replay.header(REPLAYED)).hasValue("true");
    }

    /** An answer the agent wrote itself: problem+json with the type, the status and this attempt's request id. */
    protected static void assertProblem(Http.Response response, int status, String type) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type"))
                .hasValueSatisfying(contentType -> assertThat(contentType).startsWith("application/problem+json"));
        JsonNode problem = response.json();
        assertThat(problem.path("type").asText()).isEqualTo(PROBLEMS + type);
        assertThat(problem.path("status").asInt()).isEqualTo(status);
        assertThat(problem.path("detail").asText()).isNotBlank();
        assertThat(response.header(REQUEST_ID)).hasValue(problem.path("requestId").asText());
    }
}
