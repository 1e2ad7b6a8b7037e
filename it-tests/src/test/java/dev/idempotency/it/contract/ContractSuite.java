package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Every case of docs CONTRACT.md that a demo service can show, end to end: the seed's four
 * scenarios (inherited), the agent's own refusals, in-progress and concurrency, released and
 * stored failures, scopes, form posts, JSON fingerprints, and that undeclared requests pass
 * through untouched.
 *
 * <p>A deployment subclasses this with {@link #startWithAgent}; demos whose API differs override
 * the small path methods ({@link #ordersPath()}, {@link #formPath()}, ...) and, if their routes
 * differ, {@link #agentConfig()}.
 */
public abstract class ContractSuite extends SeedScenarios {

    private static final String MERCHANT = "X-Merchant-Id";
    private static final String CONFIG_RESOURCE = "contract-agent.yaml";

    /** Starts the deployment in {@code workDir} with the agent attached through {@code -javaagent:...=config=<agentConfig>}. */
    protected abstract ForkedService startWithAgent(Path workDir, Path agentConfig) throws Exception;

    /**
     * The agent config (YAML): the demo's three endpoints, {@code release-on-status: [503]} and
     * {@code max-request-body: 1KB}. The tests rely on those settings.
     */
    protected String agentConfig() {
        return contractAgentConfig();
    }

    /** The suite's config resource, also what {@link RuntimeAttachTest} attaches with. */
    static String contractAgentConfig() {
        try (InputStream in = ContractSuite.class.getResourceAsStream(CONFIG_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(CONFIG_RESOURCE + " is missing from the test resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The form endpoint, if the demo has one (tests of form posts are skipped otherwise). */
    protected Optional<String> formPath() {
        return Optional.of(ordersPath() + "/form");
    }

    protected String paymentsPath(long orderId) {
        return ordersPath() + "/" + orderId + "/payments";
    }

    /** A POST the config does not declare and the demo answers 404. */
    protected String undeclaredPostPath(long orderId) {
        return ordersPath() + "/" + orderId + "/notes";
    }

    protected String healthPath() {
        return "/health";
    }

    /** Whether {@code POST /orders?async=true} answers through the servlet async API. */
    protected boolean answersAsynchronously() {
        return false;
    }

    @Override
    protected final ForkedService start(Path workDir) throws Exception {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), agentConfig());
        return startWithAgent(workDir, config);
    }

    // ---- asynchronous handlers: the outcome is recorded when the response completes ----

    @Test
    void asyncHandlerExecutesOnceAndItsAnswerIsReplayed() {
        assumeTrue(answersAsynchronously(), "this service has no asynchronous create");
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("async"));

        Http.Response created = http().postJson(ordersPath() + "?async=true", body, Http.DEFAULT_TIMEOUT, KEY, key);
        Http.Response replay = http().postJson(ordersPath() + "?async=true", body, Http.DEFAULT_TIMEOUT, KEY, key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertReplayOf(created, replay);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- the agent's refusals: nothing runs, nothing is stored ----

    @Test
    void missingKeyIsRefusedWith400AndNothingIsWritten() {
        Stats before = stats();

        Http.Response refused = http().postJson(ordersPath(), order(uniqueItem("nokey")));

        assertProblem(refused, 400, "idempotency-key-missing");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void keyOf256CharactersIsInvalidWhile255AreAccepted() {
        Stats before = stats();

        Http.Response tooLong = postOrder(order(uniqueItem("long")), "k".repeat(255) + "x");
        Http.Response longest = postOrder(order(uniqueItem("longest")), newKey() + "k".repeat(255 - 36));

        assertProblem(tooLong, 400, "idempotency-key-invalid");
        assertThat(longest.status()).as(longest.body()).isEqualTo(201);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void keyHeaderWithSeveralCommaSeparatedValuesIsInvalid() {
        Stats before = stats();

        Http.Response refused = postOrder(order(uniqueItem("comma")), newKey() + ", " + newKey());

        assertProblem(refused, 400, "idempotency-key-invalid");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void keyHeaderSentTwiceIsInvalid() {
        Stats before = stats();

        Http.Response refused = http().send(http().request(ordersPath(), Http.DEFAULT_TIMEOUT,
                        KEY, newKey(), KEY, newKey(), "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(order(uniqueItem("twice"))))
                .build());

        assertProblem(refused, 400, "idempotency-key-invalid");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void bodyOverTheConfiguredLimitIsRefusedWith413() {
        Stats before = stats();

        Http.Response refused = postOrder(order("x".repeat(2048)), newKey());

        assertProblem(refused, 413, "idempotency-body-too-large");
        assertThat(stats()).isEqualTo(before);
    }

    // ---- in progress and concurrency ----

    @Test
    void sameKeyWhileTheFirstRequestRunsGets409InProgressWithRetryAfter() throws Exception {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("inflight"));
        CompletableFuture<Http.Response> first =
                CompletableFuture.supplyAsync(() -> http().postJson(ordersPath() + "?delayMs=3000", body, KEY, key));
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);

        Http.Response second = postOrder(body, key);

        assertProblem(second, 409, "idempotency-request-in-progress");
        assertThat(second.header("Retry-After")).hasValueSatisfying(seconds -> assertThat(Integer.parseInt(seconds)).isPositive());
        Http.Response firstAnswer = first.get(20, TimeUnit.SECONDS);
        assertThat(firstAnswer.status()).isEqualTo(201);
        assertThat(firstAnswer.header(REPLAYED)).isEmpty();
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void thirtyTwoSimultaneousRequestsWithOneNewKeyCreateExactlyOneOrder() throws Exception {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("race"));
        List<Http.Response> answers = sendSimultaneously(32, () -> http().postJson(ordersPath() + "?delayMs=1000", body, KEY, key));

        List<Http.Response> executed = answers.stream().filter(a -> a.status() == 201 && a.header(REPLAYED).isEmpty()).toList();
        assertThat(executed).hasSize(1);
        for (Http.Response other : answers) {
            if (other.status() == 409) {
                assertProblem(other, 409, "idempotency-request-in-progress");
            } else if (other != executed.get(0)) {
                assertReplayOf(executed.get(0), other);
            }
        }
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- failures of the handler ----

    @Test
    void statusListedInReleaseOnStatusPassesThroughAndTheRetryExecutes() {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("released"));

        Http.Response failed = http().postJson(ordersPath() + "?failBeforeWrite=503", body, KEY, key);
        Http.Response retry = postOrder(body, key);
        Http.Response again = postOrder(body, key);

        assertThat(failed.status()).isEqualTo(503);
        assertThat(failed.json().get("error").asText()).isEqualTo("failed before write");
        assertThat(failed.header(REPLAYED)).isEmpty();
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header(REPLAYED)).isEmpty();
        assertReplayOf(retry, again);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void handlerExceptionAfterTheWriteIsStoredAndTheRetryReplaysThe500() {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("thrown"));
        String failingPath = ordersPath() + "?failAfterWrite=true";

        Http.Response failed = http().postJson(failingPath, body, KEY, key);
        Http.Response retry = http().postJson(failingPath, body, KEY, key);

        assertThat(failed.status()).isEqualTo(500);
        assertThat(retry.status()).isEqualTo(500);
        assertThat(retry.header(REPLAYED)).hasValue("true");
        assertThat(retry.header(REQUEST_ID)).isPresent();
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- scopes ----

    @Test
    void sameKeyUnderTwoMerchantsIsTwoPayments() {
        long orderId = idOf(postOrder(order(uniqueItem("paid")), newKey()));
        Stats before = stats();
        String key = newKey();

        Http.Response acme = pay(orderId, key, "acme");
        Http.Response globex = pay(orderId, key, "globex");

        assertThat(acme.status()).as(acme.body()).isEqualTo(201);
        assertThat(globex.status()).as(globex.body()).isEqualTo(201);
        assertThat(globex.header(REPLAYED)).isEmpty();
        assertThat(globex.json().get("paymentId").asLong()).isNotEqualTo(acme.json().get("paymentId").asLong());
        assertThat(stats().minus(before)).isEqualTo(Stats.payments(2));
    }

    @Test
    void sameKeyFromTheSameMerchantIsOnePayment() {
        long orderId = idOf(postOrder(order(uniqueItem("paid-once")), newKey()));
        Stats before = stats();
        String key = newKey();

        Http.Response first = pay(orderId, key, "acme");
        Http.Response retry = pay(orderId, key, "acme");

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertReplayOf(first, retry);
        assertThat(stats().minus(before)).isEqualTo(Stats.payments(1));
    }

    @Test
    void paymentWithoutMerchantHeaderIsRefusedWith400ScopeMissing() {
        long orderId = idOf(postOrder(order(uniqueItem("unscoped")), newKey()));
        Stats before = stats();

        Http.Response refused = http().postJson(paymentsPath(orderId), "{\"amount\": 5}", KEY, newKey());

        assertProblem(refused, 400, "idempotency-scope-missing");
        assertThat(stats()).isEqualTo(before);
    }

    // ---- request bodies: forms and JSON fingerprints ----

    @Test
    void formPostIsReplayedAndTheApplicationStillReadsItsParameters() {
        String form = formPath().orElse(null);
        assumeTrue(form != null, "this demo has no form endpoint");
        Stats before = stats();
        String key = newKey();
        String item = uniqueItem("fountain pen");
        String body = "item=" + item.replace(' ', '+') + "&quantity=3";

        Http.Response created = http().postForm(form, body, KEY, key);
        Http.Response repeat = http().postForm(form, body, KEY, key);
        Http.Response changed = http().postForm(form, body.replace("quantity=3", "quantity=4"), KEY, key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(itemOf(created)).isEqualTo(item);
        assertThat(http().get(ordersPath() + "/" + idOf(created)).json().get("quantity").asInt()).isEqualTo(3);
        assertReplayOf(created, repeat);
        assertProblem(changed, 422, "idempotency-key-reused");
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void jsonWithOtherWhitespaceAndKeyOrderIsTheSameRequest() {
        String key = newKey();
        String item = uniqueItem("canonical");
        Http.Response created = postOrder("{\"item\":\"" + item + "\",\"quantity\":2}", key);
        Stats before = stats();

        Http.Response reordered = postOrder("{\n  \"quantity\" : 2,\n  \"item\" : \"" + item + "\"\n}\n", key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertReplayOf(created, reordered);
        assertThat(stats()).isEqualTo(before);
    }

    // ---- what the config does not declare passes through untouched ----

    @Test
    void readsAndHealthChecksCarryNoTraceOfTheAgent() {
        long id = idOf(postOrder(order(uniqueItem("read")), newKey()));
        Stats before = stats();

        Http.Response order = http().get(ordersPath() + "/" + id, KEY, newKey());
        Http.Response missing = http().get(ordersPath() + "/999999999");
        Http.Response stats = http().get(statsPath());
        Http.Response health = http().get(healthPath());

        assertThat(order.status()).isEqualTo(200);
        assertThat(order.json().get("id").asLong()).isEqualTo(id);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(stats.status()).isEqualTo(200);
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("ok");
        for (Http.Response response : List.of(order, missing, stats, health)) {
            assertThat(response.header(REQUEST_ID)).isEmpty();
            assertThat(response.header(REPLAYED)).isEmpty();
        }
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void postToAnUndeclaredPathPassesThroughEvenWithAKey() {
        long id = idOf(postOrder(order(uniqueItem("notes")), newKey()));
        Stats before = stats();
        String key = newKey();

        Http.Response first = http().postJson(undeclaredPostPath(id), "{\"note\": \"x\"}", KEY, key);
        Http.Response second = http().postJson(undeclaredPostPath(id), "{\"note\": \"other\"}", KEY, key);

        for (Http.Response response : List.of(first, second)) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.json().get("error").asText()).isEqualTo("not found");
            assertThat(response.header(REQUEST_ID)).isEmpty();
            assertThat(response.header(REPLAYED)).isEmpty();
        }
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void undeclaredMethodOnADeclaredPathPassesThrough() {
        Stats before = stats();

        Http.Response put = http().send(http().request(ordersPath(), Http.DEFAULT_TIMEOUT,
                        "Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(order(uniqueItem("put"))))
                .build());

        assertThat(put.status()).isEqualTo(405);
        assertThat(put.header(REQUEST_ID)).isEmpty();
        assertThat(stats()).isEqualTo(before);
    }

    // ---- helpers ----

    private Http.Response pay(long orderId, String key, String merchant) {
        return http().postJson(paymentsPath(orderId), "{\"amount\": 12.50}", KEY, key, MERCHANT, merchant);
    }

    /** Runs {@code count} copies of {@code request} released together by one start gate. */
    private static List<Http.Response> sendSimultaneously(int count, Callable<Http.Response> request)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            CountDownLatch ready = new CountDownLatch(count);
            CountDownLatch gate = new CountDownLatch(1);
            List<Future<Http.Response>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    gate.await();
                    return request.call();
                }));
            }
            assertThat(ready.await(10, TimeUnit.SECONDS)).isTrue();
            gate.countDown();
            List<Http.Response> answers = new ArrayList<>();
            for (Future<Http.Response> future : futures) {
                answers.add(future.get(30, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }
}
