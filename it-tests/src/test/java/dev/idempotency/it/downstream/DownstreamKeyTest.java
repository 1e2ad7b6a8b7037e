package dev.idempotency.it.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exactly once down the chain, end to end: "orders" (with the agent) calls "payments" (with its own
 * agent, {@code POST /charges} declared, a call without a key running unprotected as it did before
 * the agent) while it creates an order. When the orders agent lets a
 * key execute again (a crash under {@code crash-policy: reexecute}, a status in
 * {@code release-on-status}), the re-execution sends payments the same derived key, and payments
 * replays its charge: one charge. Without {@code propagate-key}, the same runs charge twice. One
 * payments service serves the whole class; so does one orders service with {@code propagate-key:
 * true} for the runs per client and per hand-off, each with keys of its own. The other tests start
 * their own orders: a crash, a configuration of their own, a pool or a log read from its start.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class DownstreamKeyTest {

    private static final String PAYMENTS_CONFIG = """
            service-name: payments
            store:
              url: "jdbc:h2:file:./idempotency-store/agent"
            defaults:
              deadline:
                header: X-Deadline-Ms
            endpoints:
              - name: charge
                method: POST
                path: /charges
                required: false
            """;

    @TempDir
    static Path classDir;
    @TempDir
    Path workDir;

    private static DemoApp payments;
    /** Orders with {@code propagate-key: true}, started by the first test that needs it. */
    private static DemoApp keyedOrders;

    @BeforeAll
    static void startPayments() throws IOException {
        Path dir = Files.createDirectories(classDir.resolve("payments"));
        Path config = Files.writeString(dir.resolve("agent.yaml"), PAYMENTS_CONFIG);
        payments = DemoApp.chain("payments", null).workDir(dir).agentConfig(config).start();
    }

    @AfterAll
    static void stopServices() {
        if (keyedOrders != null) {
            keyedOrders.close();
        }
        if (payments != null) {
            payments.close();
        }
    }

    private static DemoApp keyedOrders() throws IOException {
        if (keyedOrders == null) {
            Path dir = Files.createDirectories(classDir.resolve("keyed-orders"));
            keyedOrders = DemoApp.chain("orders", payments.baseUri()).workDir(dir)
                    .agentConfig(Files.writeString(dir.resolve("agent.yaml"), ordersConfigText("true")))
                    .start();
        }
        return keyedOrders;
    }

    /** The orders agent's config: create-order and calls declared, short leases, propagation as given. */
    private Path ordersConfig(String propagateKey) throws IOException {
        return Files.writeString(workDir.resolve("agent.yaml"), ordersConfigText(propagateKey));
    }

    private static String ordersConfigText(String propagateKey) {
        String propagate = propagateKey == null ? "" : "    propagate-key: " + propagateKey + "\n";
        return """
                service-name: orders
                store:
                  url: "jdbc:h2:file:./idempotency-store/agent"
                keeper:
                  renew-interval: 500ms
                instrumentation:
                  unkeyed-threads: ["ledger-"]
                defaults:
                  lease: 2s
                  deadline:
                    header: X-Deadline-Ms
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                    crash-policy: reexecute
                    release-on-status: [503]
                """ + propagate + """
                  - name: calls
                    method: POST
                    path: /calls
                    release-on-status: [200]
                """ + propagate;
    }

    private DemoApp startOrders(String propagateKey) throws IOException {
        return DemoApp.chain("orders", payments.baseUri()).workDir(workDir).agentConfig(ordersConfig(propagateKey))
                .start();
    }

    private static int charges() {
        return Http.to(payments.baseUri()).get("/stats").json().get("charges").asInt();
    }

    private static Http.Response createOrder(URI orders, String key, String query, Duration timeout) {
        return Http.to(orders).postJson("/orders" + query, "{\"item\":\"book\"}", timeout, "Idempotency-Key", key);
    }

    /** The charges the payments agent executed and replayed, by decision, from its attempt log. */
    private static long paymentsDecided(String decision) {
        return payments.stdout().stream()
                .filter(line -> line.contains("\"idempotency.endpoint\":\"charge\"")
                        && line.contains("\"event.action\":\"" + decision + "\""))
                .count();
    }

    @ParameterizedTest(name = "propagate-key: {0}")
    @ValueSource(booleans = {true, false})
    void aCrashAfterTheChargeIsReExecutedAndPaymentsReplaysOnlyWithPropagation(boolean propagate) throws IOException {
        int before = charges();
        long replayedBefore = paymentsDecided("replayed");
        // Asleep after the charge long enough to be killed there; the retry's re-execution sleeps as long.
        String query = "?sleepMs=6000";
        String key = "crash-" + propagate;
        try (DemoApp orders = startOrders(propagate ? "true" : null)) {
            URI beforeCrash = orders.baseUri();
            CompletableFuture.runAsync(() -> {
                try {
                    createOrder(beforeCrash, key, query, Duration.ofSeconds(60));
                } catch (RuntimeException killed) {
                    // expected: orders dies before it answers
                }
            });
            await().atMost(Duration.ofSeconds(30)).until(() -> charges() == before + 1);
            orders.kill();
            orders.restart();

            Http.Response retry = await().atMost(Duration.ofSeconds(60)).until(
                    () -> createOrder(orders.baseUri(), key, query, Duration.ofSeconds(45)),
                    response -> response.status() != 409);
            assertThat(retry.status()).as(retry.body()).isEqualTo(201);
            assertThat(retry.header("Idempotent-Replayed")).as("orders executed again").isEmpty();
            if (propagate) {
                assertThat(charges()).as("payments replayed the charge").isEqualTo(before + 1);
                assertThat(retry.body()).isEqualTo("{\"chargeId\":" + (before + 1) + "}");
                await().atMost(Duration.ofSeconds(10)).until(() -> paymentsDecided("replayed") == replayedBefore + 1);
                // The attempt log is written off the request thread, and read from stdout as it comes.
                await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(orders.stdout())
                        .as("the re-execution's keyed call, in the attempt log")
                        .anyMatch(line -> line.contains("\"event.action\":\"propagated\"")
                                && line.contains("\"idempotency.key\":\"" + key + "\"")
                                && line.contains("\"idempotency.downstream.ordinal\":1")
                                && line.contains("\"idempotency.downstream.method\":\"POST\"")));
            } else {
                assertThat(charges()).as("without propagate-key the re-execution charges again").isEqualTo(before + 2);
            }
        }
    }

    @ParameterizedTest(name = "propagate-key: {0}")
    @ValueSource(booleans = {true, false})
    void aReleasedStatusAfterTheChargeIsReExecutedAndPaymentsReplaysOnlyWithPropagation(boolean propagate)
            throws IOException {
        int before = charges();
        String key = "released-" + propagate;
        try (DemoApp orders = startOrders(propagate ? "[\"127.0.0.1\"]" : null)) {
            Http.Response first = createOrder(orders.baseUri(), key, "?status=503", Http.DEFAULT_TIMEOUT);
            Http.Response again = createOrder(orders.baseUri(), key, "?status=503", Http.DEFAULT_TIMEOUT);
            assertThat(first.status()).isEqualTo(503);
            assertThat(again.status()).isEqualTo(503);
            assertThat(again.header("Idempotent-Replayed")).as("released, so executed again").isEmpty();
            if (propagate) {
                assertThat(charges()).isEqualTo(before + 1);
                assertThat(again.body()).as("payments' replay").isEqualTo(first.body());
            } else {
                assertThat(charges()).isEqualTo(before + 2);
            }
        }
    }

    /**
     * One deadline bounds the whole chain: orders, given 2 s by its client, calls payments with what
     * is left of them in the same header, and payments reads that, less what orders spent.
     */
    @Test
    void theClientsDeadlineTravelsWithTheKey() throws IOException {
        try (DemoApp orders = startOrders("true")) {
            long linesBefore = payments.stdout().size();
            Http.Response created = Http.to(orders.baseUri()).postJson("/orders", "{\"item\":\"book\"}",
                    "Idempotency-Key", "deadline-1", "X-Deadline-Ms", "2000");
            assertThat(created.status()).as(created.body()).isEqualTo(201);

            String charge = await().atMost(Duration.ofSeconds(10)).until(() -> payments.stdout().stream()
                    .skip(linesBefore).filter(line -> line.contains("\"idempotency.endpoint\":\"charge\"")
                            && line.contains("\"event.action\":\"executed\"")).findFirst(), Optional::isPresent).get();
            long remaining = Long.parseLong(charge.replaceAll(".*\"deadline.remaining_ms\":(-?\\d+).*", "$1"));
            assertThat(remaining).as("payments' share of the client's 2 s: %s", charge).isPositive().isLessThan(2000);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(orders.stdout())
                    .as("orders' keyed call, with what was left").anyMatch(line -> line.contains("\"event.action\":\"propagated\"")
                            && line.contains("\"idempotency.downstream.deadline_remaining_ms\":")));
        }
    }

    /**
     * The charge made on another thread the request hands it to ({@code ?handoff=}: an
     * {@code ExecutorService}'s {@code submit} and {@code execute}, {@code CompletableFuture.supplyAsync},
     * a new {@code Thread}) carries the execution's derived key as one made on the request's thread:
     * the re-execution after a released 503 is replayed by payments, one charge.
     */
    @ParameterizedTest(name = "handoff {0}")
    @ValueSource(strings = {"submit", "execute", "supplyAsync", "thread"})
    void aChargeHandedToAnotherThreadCarriesTheKey(String handoff) throws IOException {
        int before = charges();
        String key = "handoff-" + handoff;
        URI orders = keyedOrders().baseUri();
        String query = "?status=503&handoff=" + handoff;
        Http.Response first = createOrder(orders, key, query, Http.DEFAULT_TIMEOUT);
        Http.Response again = createOrder(orders, key, query, Http.DEFAULT_TIMEOUT);

        assertThat(first.status()).as(first.body()).isEqualTo(503);
        assertThat(again.status()).as(again.body()).isEqualTo(503);
        assertThat(again.header("Idempotent-Replayed")).as("released, so executed again").isEmpty();
        assertThat(charges()).as("payments replayed the charge made from another thread").isEqualTo(before + 1);
        assertThat(again.body()).as("payments' replay").isEqualTo(first.body());
    }

    /**
     * Each execution of {@code POST /calls} sends payments' {@code /echo} a POST, a GET, a PUT, a POST
     * with the application's own key and another POST; {@code /unprotected-calls} (not declared)
     * sends the same. The endpoint releases its 200, so the same key executes again.
     */
    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"url", "jdk", "apache4", "apache5", "apache5async", "okhttp", "webclient", "resttemplate"})
    void eachClientKeysUnsafeCallsOfProtectedRequestsOnly(String client) throws IOException {
        int seen = received().size();
        Http ordersHttp = Http.to(keyedOrders().baseUri());
        String query = "?client=" + client;
        String once = "calls-1-" + client;
        assertThat(ordersHttp.postJson("/calls" + query, "{}", "Idempotency-Key", once).status()).isEqualTo(200);
        assertThat(ordersHttp.postJson("/calls" + query, "{}", "Idempotency-Key", once).status()).isEqualTo(200);
        assertThat(ordersHttp.postJson("/calls" + query, "{}", "Idempotency-Key", "calls-2-" + client).status())
                .isEqualTo(200);
        assertThat(ordersHttp.postJson("/unprotected-calls" + query, "{}", "Idempotency-Key", "calls-3-" + client)
                .status()).isEqualTo(200);
        List<String> calls = received().subList(seen, seen + 20);

        List<String> first = calls.subList(0, 5);
        EchoCalls.assertKeyed(first);
        assertThat(first).noneMatch(call -> call.contains(once));
        assertThat(calls.subList(5, 10)).as("the re-execution sends the same keys").isEqualTo(first);
        List<String> otherKey = calls.subList(10, 15);
        assertThat(otherKey.get(0)).as("another operation, other keys").isNotEqualTo(first.get(0));
        assertThat(otherKey.get(3)).isEqualTo("POST app-key");
        assertThat(calls.subList(15, 20)).as("outside a protected request nothing is added")
                .isEqualTo(EchoCalls.UNKEYED);
    }

    /**
     * A pool the operator named in {@code unkeyed-threads} ({@code ledger-}) runs the charge without
     * the execution's key: payments charges again at the re-execution, as the operator chose, and
     * each such call is in the attempt log with the client and the thread, and said once on stderr.
     */
    @Test
    void aCallFromAThreadNamedInUnkeyedThreadsLeavesWithoutAKeyAndIsReported() throws IOException {
        int before = charges();
        try (DemoApp orders = startOrders("true")) {
            String query = "?status=503&handoff=ledger";
            assertThat(createOrder(orders.baseUri(), "ledger-1", query, Http.DEFAULT_TIMEOUT).status()).isEqualTo(503);
            assertThat(createOrder(orders.baseUri(), "ledger-1", query, Http.DEFAULT_TIMEOUT).status()).isEqualTo(503);

            assertThat(charges()).as("no key, so payments charged at each execution").isEqualTo(before + 2);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(orders.stdout().stream()
                    .filter(line -> line.contains("\"event.action\":\"downstream_unkeyed\"")
                            && line.contains("\"idempotency.key\":\"ledger-1\"")
                            && line.contains("\"idempotency.downstream.client\":\"HttpURLConnection\"")
                            && line.contains("\"idempotency.downstream.unkeyed_by\":\"thread ledger-1 "
                                    + "(instrumentation.unkeyed-threads)\"")
                            && line.contains("\"idempotency.downstream.method\":\"POST\""))
                    .count()).as("one event per unkeyed call").isEqualTo(2));
            assertThat(orders.stdout()).as("nothing was keyed").noneMatch(line -> line.contains("\"event.action\":\"propagated\""));
            assertThat(orders.stderr().stream().filter(line -> line.contains("left without one")))
                    .as("the warning, once per endpoint").hasSize(1)
                    .allMatch(line -> line.contains("create-order") && line.contains("HttpURLConnection")
                            && line.contains("ledger-1"));
        }
    }

    /**
     * A pool's worker is started by the request that first hands it work, here a protected one still
     * running; work another, unprotected request hands the same worker later carries no key of the
     * first one's.
     */
    @Test
    void aPoolWorkerTakesNoKeysFromTheRequestThatStartedIt() throws IOException {
        int before = charges();
        try (DemoApp orders = startOrders("true")) {
            URI uri = orders.baseUri();
            CompletableFuture<Http.Response> first = CompletableFuture.supplyAsync(
                    () -> createOrder(uri, "worker-1", "?handoff=single&sleepMs=4000", Duration.ofSeconds(30)));
            await().atMost(Duration.ofSeconds(20)).until(() -> charges() == before + 1);
            int seen = received().size();

            Http.Response unprotected = Http.to(uri).postJson("/unprotected-calls?handoff=single", "{}");
            assertThat(unprotected.status()).as(unprotected.body()).isEqualTo(200);
            assertThat(received().subList(seen, seen + 5)).as("the worker's later task, for an unprotected request")
                    .isEqualTo(EchoCalls.UNKEYED);
            assertThat(first.join().status()).isEqualTo(201);
        }
    }

    private static List<String> received() {
        String body = Http.to(payments.baseUri()).get("/received").body();
        return body.isEmpty() ? List.of() : Arrays.asList(body.split("\n"));
    }
}
