package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.idempotency.it.contract.PathVariants.Endpoint;
import dev.idempotency.it.contract.PathVariants.Variant;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

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
    private static final Duration VARIANT_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The agent config the service runs with (written by {@link #start}). */
    private Path agentConfigFile;

    /** The order the payment variants pay for; created by the first of them. */
    private long variantOrderId;

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
    public static String contractAgentConfig() {
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

    /**
     * Whether {@code POST /orders} takes {@code complete=forward} (the reply rendered by a view
     * the servlet forwards to), {@code complete=close} (the servlet closes the output stream
     * itself) and {@code lingerMs} (the handler stays busy that long after): the servlet demos.
     */
    protected boolean completesResponsesBeforeReturning() {
        return false;
    }

    /**
     * Whether {@code POST /orders?session=true} creates an HttpSession and writes {@code Location}
     * through {@code encodeRedirectURL} (the servlet demos), so a cookie-less client gets
     * {@code ;jsessionid=...} in it.
     */
    protected boolean tracksSessionsInUrls() {
        return false;
    }

    /**
     * The spellings of {@link PathVariants} that this runtime routes to the declared handler, as
     * observed without the agent: each must reach the handler (2xx) with the agent too, so the
     * variant test cannot pass by every spelling being refused by the container.
     */
    protected Set<String> variantsRoutedToTheHandler() {
        return Set.of();
    }

    @Override
    protected final ForkedService start(Path workDir) throws Exception {
        agentConfigFile = Files.writeString(workDir.resolve("agent.yaml"), agentConfig());
        return startWithAgent(workDir, agentConfigFile);
    }

    // ---- a good guest: on any Java (the build runs these on 17 and 25) the JVM warns of nothing of the agent's ----

    @Test
    void theJvmWarnsOfNoDeprecatedOrRefusedUseByTheAgent() {
        List<String> stderr = service().stderr();

        assertThat(stderr).anyMatch(line -> line.startsWith("idempotency-agent ") && line.contains(" declared in "));
        // The JDK names the caller of sun.misc.Unsafe; the host's own libraries (Netty) may be named.
        assertThat(stderr).noneMatch(line -> line.contains("has been called by") && line.contains("idempotency"));
        assertThat(stderr).noneMatch(line -> line.contains("Sharing is only supported for boot loader classes"));
    }

    // ---- the operator's own check: the agent jar's verify command passes on this runtime ----

    @Test
    void theIncludedVerifyCommandPassesEveryCheck() throws Exception {
        Path junit = agentConfigFile.resolveSibling("verify-junit.xml");
        AgentCli.Result verified = new AgentCli(agentConfigFile.getParent(), agentConfigFile)
                .run(VerifyArguments.forContractConfig(this, junit).toArray(String[]::new));

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains(" 0 failed");
        String report = Files.readString(junit);
        assertThat(report).contains("idempotency-verify.create-order", "idempotency-verify.create-payment")
                .doesNotContain("<failure");
        assertThat(report.split("<testcase ", -1)).as("7 checks on each of %s endpoints",
                formPath().isPresent() ? 3 : 2).hasSize(1 + 7 * (formPath().isPresent() ? 3 : 2));
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

    // ---- the response completes before the handler returns: the outcome is stored first ----

    /**
     * How long the handler stays busy after the client has its answer: the retry goes out well within
     * it, on a new connection, even on a loaded machine. The test does not wait for it.
     */
    private static final Duration LINGER = Duration.ofSeconds(5);

    @Test
    void retryRightAfterAnAnswerRenderedByAForwardIsReplayedWhileTheHandlerStillRuns() {
        assertRetryRightAfterTheAnswerIsReplayed("forward");
    }

    @Test
    void retryRightAfterAnAnswerTheHandlerClosedIsReplayedWhileTheHandlerStillRuns() {
        assertRetryRightAfterTheAnswerIsReplayed("close");
    }

    /**
     * The client reads the whole first answer and repeats the request at once on another
     * connection, while the handler still runs: the container sent the end of the response when
     * the forward returned, or when the application closed it, so the outcome must already be stored.
     */
    private void assertRetryRightAfterTheAnswerIsReplayed(String completion) {
        assumeTrue(completesResponsesBeforeReturning(),
                "this demo has no POST /orders?complete=forward|close&lingerMs= (a knob of the servlet demos)");
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("complete-" + completion));
        String path = ordersPath() + "?complete=" + completion + "&lingerMs=" + LINGER.toMillis();

        Http.Response first = http().postJson(path, body, KEY, key);
        long firstAnswered = System.nanoTime();
        Http.Response retry = Http.onOwnConnections(service().baseUri()).postJson(path, body, KEY, key);
        Duration retryAnswered = Duration.ofNanos(System.nanoTime() - firstAnswered);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.header(REPLAYED)).isEmpty();
        assertReplayOf(first, retry);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
        // Otherwise the case is not shown: the retry came after the handler had returned.
        assertThat(retryAnswered).as("the retry's answer arrives while the first handler still runs").isLessThan(LINGER);
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

    @Test
    void bodySentInChunksIsTheSameRequestAsWithItsLengthAndAnotherIsRefusedWith422() {
        String key = newKey();
        String body = order(uniqueItem("chunked"));
        Http.Response created = http().send(chunked(body, key));
        Stats before = stats();

        Http.Response withLength = postOrder(body, key);
        Http.Response another = http().send(chunked(order(uniqueItem("chunked-other")), key));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertReplayOf(created, withLength);
        assertProblem(another, 422, "idempotency-key-reused");
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void chunkedBodyOverTheConfiguredLimitIsRefusedWith413() {
        Stats before = stats();

        Http.Response refused = http().send(chunked(order("x".repeat(2048)), newKey()));

        assertProblem(refused, 413, "idempotency-body-too-large");
        assertThat(stats()).isEqualTo(before);
    }

    /** A POST of {@code json} with no {@code Content-Length}: the client sends it in chunks. */
    private HttpRequest chunked(String json, String key) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return http().request(ordersPath(), Http.DEFAULT_TIMEOUT, KEY, key, "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(bytes)))
                .build();
    }

    // ---- in progress and concurrency ----

    @Test
    void sameKeyWhileTheFirstRequestRunsGets409InProgressWithRetryAfter() throws Exception {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("inflight"));
        // Asleep after its write long enough that the second request comes while it runs, on a loaded machine too.
        String slowPath = ordersPath() + "?delayMs=6000";
        CompletableFuture<Http.Response> first =
                CompletableFuture.supplyAsync(() -> http().postJson(slowPath, body, KEY, key));
        await().atMost(Duration.ofSeconds(10)).until(() -> stats().minus(before).orders() == 1);

        // The same request again: the query is part of the fingerprint.
        Http.Response second = http().postJson(slowPath, body, KEY, key);

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

    // ---- path variants: every spelling the runtime routes to a declared handler is one protected operation ----

    /**
     * One dynamic test per row of {@link PathVariants}: (a) without a key nothing happens; (b) with
     * a key, then (c) the same again, at most one effect. When the runtime routed the spelling to the
     * handler (b answered 2xx), the agent must have protected it: (a) was refused as missing its key,
     * (c) is a replay of (b), and the same key and body on the canonical path is a replay too (the
     * fingerprint uses the normalised path). The last test prints the table and checks the
     * spellings this runtime is known to route.
     */
    @TestFactory
    List<DynamicTest> pathVariants() {
        List<VariantRow> rows = Collections.synchronizedList(new ArrayList<>());
        List<DynamicTest> tests = new ArrayList<>();
        for (Variant variant : PathVariants.ALL) {
            tests.add(dynamicTest(variant.toString(),
                    () -> assertTimeoutPreemptively(VARIANT_TIMEOUT, () -> checkVariant(variant, rows))));
        }
        tests.add(dynamicTest("the spellings this runtime routes reached the handler", () -> {
            String table = variantTable(rows);
            System.out.println(table);
            assertThat(variantsRoutedToTheHandler()).as("spellings stated by " + getClass().getSimpleName())
                    .allSatisfy(spelling -> assertThat(PathVariants.isSpelling(spelling)).as(spelling + " is a row of PathVariants").isTrue());
            Set<String> reached = new TreeSet<>();
            synchronized (rows) {
                rows.stream().filter(row -> is2xx(row.first())).forEach(row -> reached.add(row.variant().spelling()));
            }
            assertThat(reached).as("spellings answered 2xx with a key\n" + table).containsAll(variantsRoutedToTheHandler());
        }));
        return tests;
    }

    private void checkVariant(Variant variant, List<VariantRow> rows) {
        VariantTarget target = variantTarget(variant.endpoint());
        String path = variant.path(variantOrderId);
        Stats before = stats();

        Http.Response noKey = post(target, path, null);
        Stats afterNoKey = stats();
        String key = newKey();
        Http.Response first = post(target, path, key);
        Http.Response again = post(target, path, key);
        Http.Response canonical = is2xx(first) ? post(target, target.canonicalPath(), key) : null;
        Stats effects = stats().minus(before);
        rows.add(new VariantRow(variant, noKey, first, again, canonical, effects));

        assertThat(afterNoKey.minus(before)).as("POST %s without a key (answered %d) has no effect", path, noKey.status())
                .isEqualTo(Stats.NONE);
        assertThat(effects).as("POST %s: at most one effect (answers %d, %d)", path, first.status(), again.status())
                .isIn(Stats.NONE, target.effect());
        if (is2xx(first)) {
            assertProblem(noKey, 400, "idempotency-key-missing");
            assertReplayOf(first, again);
            assertThat(effects).as("POST %s with one key twice", path).isEqualTo(target.effect());
            assertThat(canonical.status()).as("the key again on the canonical path %s: %s", target.canonicalPath(), canonical.body())
                    .isEqualTo(first.status());
            assertReplayOf(first, canonical);
        }
    }

    /** Where a variant's endpoint lives canonically, what to send it and the effect of one execution. */
    private VariantTarget variantTarget(Endpoint endpoint) {
        switch (endpoint) {
            case CREATE_ORDER:
                return new VariantTarget(ordersPath(), "application/json", order(uniqueItem("variant")), List.of(), Stats.oneOrder());
            case CREATE_ORDER_FORM:
                String form = formPath().orElse(null);
                assumeTrue(form != null, "this demo has no form endpoint");
                return new VariantTarget(form, "application/x-www-form-urlencoded",
                        "item=" + uniqueItem("variant-form") + "&quantity=1", List.of(), Stats.oneOrder());
            case CREATE_PAYMENT:
                if (variantOrderId == 0) {
                    Http.Response created = postOrder(order(uniqueItem("variant-paid")), newKey());
                    assertThat(created.status()).as(created.body()).isEqualTo(201);
                    variantOrderId = idOf(created);
                }
                return new VariantTarget(paymentsPath(variantOrderId), "application/json", "{\"amount\": 12.50}",
                        List.of(MERCHANT, "acme"), Stats.payments(1));
            default:
                throw new IllegalArgumentException(endpoint.toString());
        }
    }

    private record VariantTarget(String canonicalPath, String contentType, String body, List<String> headers, Stats effect) {}

    /** POSTs the target's body and headers to {@code path}, with {@code key} unless it is null. */
    private Http.Response post(VariantTarget target, String path, String key) {
        List<String> headers = new ArrayList<>(target.headers());
        if (key != null) {
            headers.addAll(List.of(KEY, key));
        }
        return http().post(path, target.contentType(), target.body(), Http.DEFAULT_TIMEOUT, headers.toArray(String[]::new));
    }

    private record VariantRow(Variant variant, Http.Response noKey, Http.Response first, Http.Response again,
            Http.Response canonical, Stats effects) {}

    private String variantTable(List<VariantRow> rows) {
        StringBuilder table = new StringBuilder();
        table.append("Path variants on ").append(getClass().getSimpleName()).append(" (base ").append(service().baseUri())
                .append("): POST without a key / with key K / K again / K on the canonical path (when K answered 2xx);"
                        + " R = Idempotent-Replayed; effects = /stats difference over all of them\n");
        table.append(String.format("%-18s %-38s %-16s %-16s %-16s %-16s %-12s %s%n",
                "endpoint", "spelling", "no key", "key", "key again", "canonical", "effects", "stated routed"));
        synchronized (rows) {
            for (VariantRow row : rows) {
                table.append(String.format("%-18s %-38s %-16s %-16s %-16s %-16s %-12s %s%n",
                        row.variant().endpoint().configName, row.variant().spelling(), cell(row.noKey()), cell(row.first()),
                        cell(row.again()), row.canonical() == null ? "-" : cell(row.canonical()), effectsCell(row.effects()),
                        variantsRoutedToTheHandler().contains(row.variant().spelling()) ? "yes" : ""));
            }
        }
        return table.toString();
    }

    /** {@code 201}, {@code 201 R} (replayed), {@code 400 key-missing} (the agent's problem type). */
    private static String cell(Http.Response response) {
        StringBuilder cell = new StringBuilder().append(response.status());
        if (response.header("Content-Type").filter(type -> type.startsWith("application/problem+json")).isPresent()) {
            try {
                String type = JSON.readTree(response.body()).path("type").asText();
                cell.append(' ').append(type.substring(type.lastIndexOf('/') + 1).replace("idempotency-", ""));
            } catch (IOException e) {
                cell.append(" problem?");
            }
        }
        if (response.header(REPLAYED).isPresent()) {
            cell.append(" R");
        }
        return cell.toString();
    }

    private static String effectsCell(Stats effects) {
        if (effects.equals(Stats.NONE)) {
            return "none";
        }
        if (effects.equals(Stats.oneOrder())) {
            return "+1 order";
        }
        if (effects.equals(Stats.payments(1))) {
            return "+1 payment";
        }
        return "+" + effects.orders() + "o/" + effects.payments() + "p";
    }

    private static boolean is2xx(Http.Response response) {
        return response.status() >= 200 && response.status() < 300;
    }

    // ---- the query string is part of the fingerprint ----

    @Test
    void sameKeyWithAnotherQueryStringIsRefusedWith422AndTheSameQueryReplays() {
        String form = formPath().orElse(null);
        assumeTrue(form != null, "this demo has no form endpoint");
        Stats before = stats();
        String key = newKey();
        String apple = uniqueItem("Apple");
        String banana = uniqueItem("Banana");

        Http.Response created = http().postForm(form + "?item=" + apple, "quantity=1", KEY, key);
        Http.Response otherQuery = http().postForm(form + "?item=" + banana, "quantity=1", KEY, key);
        Http.Response sameQuery = http().postForm(form + "?item=" + apple, "quantity=1", KEY, key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(itemOf(created)).isEqualTo(apple);
        assertProblem(otherQuery, 422, "idempotency-key-reused");
        assertReplayOf(created, sameQuery);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void queryParametersInAnotherOrderAreTheSameOperationButAnotherValueIsNot() {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("query-order"));

        Http.Response created = http().postJson(ordersPath() + "?a=1&b=2", body, KEY, key);
        Http.Response reordered = http().postJson(ordersPath() + "?b=2&a=1", body, KEY, key);
        Http.Response otherValue = http().postJson(ordersPath() + "?a=1&b=3", body, KEY, key);

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertReplayOf(created, reordered);
        assertProblem(otherValue, 422, "idempotency-key-reused");
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- what a replay must never carry, and what it must ----

    @Test
    void replayCarriesNoSessionIdInLocationAndNoCookie() {
        assumeTrue(tracksSessionsInUrls(), "this demo has no HttpSession: session=true is a knob of the servlet demos");
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("session"));
        String path = ordersPath() + "?session=true";

        Http.Response first = http().postJson(path, body, KEY, key);
        Http.Response replay = http().postJson(path, body, KEY, key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertReplayOf(first, replay);
        String firstLocation = first.header("Location").orElseThrow();
        String location = replay.header("Location").orElse("");
        assertThat(location.toLowerCase(Locale.ROOT)).as("Location of the replay (first answer: %s)", firstLocation)
                .doesNotContain(";jsessionid");
        assertThat(location).isEqualTo(firstLocation.replaceAll("(?i);jsessionid=[^?#/]*", ""));
        assertThat(replay.headers().allValues("Set-Cookie")).as("Set-Cookie of the replay").isEmpty();
        for (String sessionId : sessionIds(first)) {
            assertThat(replay.headers().map().toString()).as("headers of the replay").doesNotContain(sessionId);
        }
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void replayCarriesTheContentEncodingAndTheSameCompressedBody() {
        Stats before = stats();
        String key = newKey();
        String body = order(uniqueItem("gzip"));
        String path = ordersPath() + "?gzip=true";

        Http.BytesResponse first = http().postForBytes(path, "application/json", body, KEY, key);
        Http.BytesResponse replay = http().postForBytes(path, "application/json", body, KEY, key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("Content-Encoding")).hasValue("gzip");
        JsonNode created = readJson(first.gunzippedBody());
        assertThat(created.path("id").asLong()).isPositive();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header(REPLAYED)).hasValue("true");
        assertThat(replay.header("Content-Encoding")).hasValue("gzip");
        assertThat(readJson(replay.gunzippedBody())).isEqualTo(created);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    // ---- helpers ----

    /** The session ids the container handed out in {@code Set-Cookie: JSESSIONID=...}. */
    private static List<String> sessionIds(Http.Response response) {
        List<String> ids = new ArrayList<>();
        for (String cookie : response.headers().allValues("Set-Cookie")) {
            if (cookie.regionMatches(true, 0, "JSESSIONID=", 0, "JSESSIONID=".length())) {
                String value = cookie.substring("JSESSIONID=".length()).split(";", 2)[0].trim();
                if (!value.isEmpty()) {
                    ids.add(value);
                }
            }
        }
        return ids;
    }

    private static JsonNode readJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

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
