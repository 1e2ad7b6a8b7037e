package dev.idempotency.it.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract, against a JAX-RS demo with the agent attached. {@code POST /orders} is declared by
 * its resource method only, with no path, so only the runtime's own routing can match it; payments
 * are declared by path template. One demo process per class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
abstract class JaxrsContractTest {

    static final String ORDER = "{\"item\": \"book\", \"quantity\": 2}";

    private DemoApp demo;

    /** The demo to start, not yet started. */
    protected abstract DemoApp.Builder demo();

    /** The demo's resource class that creates orders, payments and reads them. */
    protected abstract String ordersResource();

    @BeforeAll
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void startDemo(@TempDir Path workDir) throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), ""
                + "logging:\n"
                + "  sink: stderr\n"
                + "endpoints:\n"
                + "  - name: create-order\n"
                + "    method: POST\n"
                + "    resource-method: " + ordersResource() + "#create\n"
                + "    release-on-status: [503]\n"
                + "    fingerprint:\n"
                + "      mode: json\n"
                + "  - name: create-payment\n"
                + "    method: POST\n"
                + "    path: /orders/{id}/payments\n"
                + "    scope: header:X-Merchant-Id\n");
        demo = demo().workDir(workDir).agentConfig(config).start();
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void firstRequestCreatesOneOrderAndSendsOneEmail() {
        DemoStats before = stats();

        Http.Response created = http().postJson("/orders", ORDER, "Idempotency-Key", newKey());

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Idempotent-Replayed")).isEmpty();
        assertThat(created.header("X-Request-Id")).isPresent();
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void aRetryAfterTheClientTimedOutGetsTheStoredResult() {
        DemoStats before = stats();
        String key = newKey();

        assertThatThrownBy(() -> http().postJson("/orders?delayMs=3000", ORDER, Duration.ofSeconds(1), "Idempotency-Key", key))
                .hasCauseInstanceOf(HttpTimeoutException.class);
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);
        Http.Response retry = await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(300))
                .until(() -> http().postJson("/orders?delayMs=3000", ORDER, "Idempotency-Key", key), r -> r.status() != 409);

        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).hasValue("true");
        assertThat(http().get("/orders/" + retry.json().get("id").asLong()).status()).isEqualTo(200);
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void theSameRequestAgainIsReplayedWithoutItsCookie() {
        String key = newKey();
        Http.Response first = http().postJson("/orders", ORDER, "Idempotency-Key", key);
        DemoStats before = stats();

        Http.Response replay = http().postJson("/orders", "{\"quantity\": 2, \"item\": \"book\"}", "Idempotency-Key", key);

        assertThat(first.header("Set-Cookie")).isPresent();
        assertThat(replay.status()).isEqualTo(first.status());
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(replay.header("Location")).isEqualTo(first.header("Location"));
        assertThat(replay.header("Content-Type")).isEqualTo(first.header("Content-Type"));
        assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
        assertThat(replay.header("Set-Cookie")).isEmpty();
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefusedBeforeAnyWrite() {
        String key = newKey();
        http().postJson("/orders", ORDER, "Idempotency-Key", key);
        DemoStats before = stats();

        Http.Response reused = http().postJson("/orders", "{\"item\": \"pen\", \"quantity\": 2}", "Idempotency-Key", key);

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(reused.json().get("type").asText()).endsWith("/idempotency-key-reused");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void theAgentsAnswersCarryTheirStandardReasonPhrase() throws IOException {
        String key = newKey();
        http().postJson("/orders", ORDER, "Idempotency-Key", key);

        String statusLine = http().rawStatusLine("/orders", "application/json", "{\"item\": \"pen\", \"quantity\": 2}",
                "Idempotency-Key", key);

        assertThat(statusLine).startsWith("HTTP/1.1 422 ");
        if (serverWritesTheGivenReasonPhrase()) {
            assertThat(statusLine).isIn("HTTP/1.1 422 Unprocessable Content", "HTTP/1.1 422 Unprocessable Entity");
        }
    }

    /**
     * Whether the HTTP server sends the reason phrase the application gives (Grizzly) or a standard
     * one of its own (Netty); the JDK's HTTP server writes its own table, which has none for 422.
     */
    protected boolean serverWritesTheGivenReasonPhrase() {
        return true;
    }

    @Test
    void aMissingOrInvalidKeyIsRefused() {
        DemoStats before = stats();

        Http.Response missing = http().postJson("/orders", ORDER);
        Http.Response invalid = http().postJson("/orders", ORDER, "Idempotency-Key", "x".repeat(256));

        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("type").asText()).endsWith("/idempotency-key-missing");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("type").asText()).endsWith("/idempotency-key-invalid");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void aRequestWhileTheFirstIsRunningGets409WithRetryAfter() throws Exception {
        DemoStats before = stats();
        String key = newKey();
        // Asleep after its write long enough that the second request comes while it runs, on a loaded machine too.
        CompletableFuture<Http.Response> first = CompletableFuture.supplyAsync(
                () -> http().postJson("/orders?delayMs=6000", ORDER, "Idempotency-Key", key));
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);

        Http.Response second = http().postJson("/orders?delayMs=6000", ORDER, "Idempotency-Key", key);

        assertThat(second.status()).isEqualTo(409);
        assertThat(second.header("Retry-After")).isPresent();
        assertThat(second.json().get("type").asText()).endsWith("/idempotency-request-in-progress");
        assertThat(first.get(20, TimeUnit.SECONDS).status()).isEqualTo(201);
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void aStatusListedInReleaseOnStatusLetsTheRetryExecute() {
        DemoStats before = stats();
        String key = newKey();

        Http.Response failed = http().postJson("/orders?failBeforeWrite=503", ORDER, "Idempotency-Key", key);
        Http.Response retry = http().postJson("/orders", ORDER, "Idempotency-Key", key);

        assertThat(failed.status()).isEqualTo(503);
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEmpty();
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void aHandlerExceptionIsStoredAndReplayed() {
        DemoStats before = stats();
        String key = newKey();

        Http.Response failed = http().postJson("/orders?failAfterWrite=true", ORDER, "Idempotency-Key", key);
        Http.Response retry = http().postJson("/orders?failAfterWrite=true", ORDER, "Idempotency-Key", key);

        assertThat(failed.status()).isEqualTo(500);
        assertThat(retry.status()).isEqualTo(500);
        assertThat(retry.header("Idempotent-Replayed")).hasValue("true");
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void theSameKeyFromTwoMerchantsIsTwoPayments() {
        long orderId = http().postJson("/orders", ORDER, "Idempotency-Key", newKey()).json().get("id").asLong();
        DemoStats before = stats();
        String key = newKey();
        String payments = "/orders/" + orderId + "/payments";

        Http.Response first = http().postJson(payments, "{\"amount\": 5}", "Idempotency-Key", key, "X-Merchant-Id", "m-1");
        Http.Response other = http().postJson(payments, "{\"amount\": 5}", "Idempotency-Key", key, "X-Merchant-Id", "m-2");
        Http.Response again = http().postJson(payments, "{\"amount\": 5}", "Idempotency-Key", key, "X-Merchant-Id", "m-1");
        Http.Response noScope = http().postJson(payments, "{\"amount\": 5}", "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(other.status()).isEqualTo(201);
        assertThat(other.json().get("paymentId")).isNotEqualTo(first.json().get("paymentId"));
        assertThat(again.header("Idempotent-Replayed")).hasValue("true");
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(noScope.status()).isEqualTo(400);
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(0, 0, 2, 2));
    }

    @Test
    void thirtyTwoSimultaneousRequestsWithOneNewKeyCreateOneOrder() throws Exception {
        DemoStats before = stats();
        String key = newKey();
        ExecutorService clients = Executors.newFixedThreadPool(32);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Http.Response>> answers = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                answers.add(clients.submit(() -> {
                    go.await();
                    return http().postJson("/orders", ORDER, "Idempotency-Key", key);
                }));
            }
            go.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Http.Response> answer : answers) {
                statuses.add(answer.get(30, TimeUnit.SECONDS).status());
            }
            assertThat(statuses).contains(201).allMatch(status -> status == 201 || status == 409);
        } finally {
            clients.shutdownNow();
        }
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void undeclaredEndpointsAndReadsAreUntouched() {
        String key = newKey();
        DemoStats before = stats();

        Http.Response form = http().postForm("/orders/form", "item=pen&quantity=1", "Idempotency-Key", key);
        Http.Response formAgain = http().postForm("/orders/form", "item=pen&quantity=1", "Idempotency-Key", key);
        Http.Response read = http().get("/orders/" + form.json().get("id").asLong(), "Idempotency-Key", key);

        assertThat(form.status()).isEqualTo(201);
        assertThat(formAgain.status()).isEqualTo(201);
        assertThat(formAgain.header("Idempotent-Replayed")).isEmpty();
        assertThat(form.header("X-Request-Id")).isEmpty();
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.header("X-Request-Id")).isEmpty();
        assertThat(stats().minus(before)).isEqualTo(new DemoStats(2, 2, 0, 0));
    }

    Http http() {
        return Http.to(demo.baseUri());
    }

    private DemoStats stats() {
        return DemoStats.of(http());
    }

    static String newKey() {
        return UUID.randomUUID().toString();
    }
}
