package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * The Redis store goes away under a running service and comes back: the agent reaches the
 * machine's Redis through a relay this test cuts and freezes, and then Redis kills every client
 * connection ({@code CLIENT KILL}). create-order fails closed, create-payment fails open, each
 * within the store's timeouts (1 s to connect, 2 s a command); the service recovers by itself and
 * no key executes twice (counted in the application's own orders).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisOutageTest {

    private static final int REDIS_PORT = 6379;
    /** connect-timeout + statement-timeout + slack for a loaded machine. */
    private static final Duration BOUND = Duration.ofSeconds(8);

    @TempDir
    Path workDir;

    @Test
    void failsClosedOrOpenWithinTheTimeoutsAndRecoversFromCutsAndKilledConnections() throws Exception {
        RedisSharedStoreTest.requireRedis();
        String table = StoreDatabases.uniqueTable();
        try (TcpRelay relay = new TcpRelay(REDIS_PORT)) {
            Path config = new OpsConfig().store("redis://127.0.0.1:" + relay.port() + "/0", null, table)
                    .timeouts("1s", "2s").paymentsStoreError("fail-open").writeTo(workDir);
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
                URI uri = demo.baseUri();
                Http.Response order = Orders.create(uri, "before", "", Http.DEFAULT_TIMEOUT);
                assertThat(order.status()).isEqualTo(201);
                String payments = order.header("Location").orElseThrow() + "/payments";

                relay.cut();
                assertRefusedWithinBound(uri, "while-cut");
                Http.Response unprotected = timed(() -> Http.to(uri).postJson(payments, "{\"amount\": 5}",
                        Http.DEFAULT_TIMEOUT, "Idempotency-Key", "pay-while-cut"));
                assertThat(unprotected.status()).as("fail-open executes").isEqualTo(201);

                relay.freeze();
                assertRefusedWithinBound(uri, "while-frozen");

                relay.restore();
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                        .until(() -> Orders.create(uri, "while-cut", "", Http.DEFAULT_TIMEOUT).status() == 201);
                assertThat(Orders.create(uri, "while-cut", "", Http.DEFAULT_TIMEOUT).header("Idempotent-Replayed"))
                        .hasValue("true");

                killClientConnections();
                Http.Response afterKill = Orders.createWithRetries(() -> uri, "after-kill", "", Duration.ofSeconds(30));
                assertThat(afterKill.status()).as(afterKill.body()).isEqualTo(201);
                assertThat(Orders.create(uri, "after-kill", "", Http.DEFAULT_TIMEOUT).header("Idempotent-Replayed"))
                        .hasValue("true");

                assertThat(Orders.items(uri)).as("each key executed once")
                        .containsExactlyInAnyOrder("before", "while-cut", "after-kill");
                assertThat(demo.stderr()).as("told without a stack trace").noneMatch(line -> line.startsWith("\tat "));
            }
        } finally {
            RedisSharedStoreTest.deleteTable(table);
        }
    }

    /** Every connection of a client other than this one, as an operator's {@code CLIENT KILL TYPE normal} does. */
    private static void killClientConnections() {
        try (JedisPooled redis = new JedisPooled(URI.create(RedisSharedStoreTest.URL))) {
            redis.sendCommand(Protocol.Command.CLIENT, "KILL", "TYPE", "normal", "SKIPME", "yes");
        }
    }

    /** 503 + Retry-After, nothing executed, and no longer than the configured timeouts allow. */
    private static void assertRefusedWithinBound(URI uri, String key) {
        int before = Orders.count(uri);
        for (int i = 0; i < 3; i++) {
            Http.Response refused = timed(() -> Orders.create(uri, key, "", Http.DEFAULT_TIMEOUT));
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).hasValue("1");
            assertThat(Orders.problemType(refused)).endsWith(Orders.STORE_UNAVAILABLE);
        }
        assertThat(Orders.count(uri)).as("fail-closed executes nothing").isEqualTo(before);
    }

    private static Http.Response timed(Supplier<Http.Response> request) {
        long start = System.nanoTime();
        Http.Response response = request.get();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("answered within the store timeouts").isLessThan(BOUND);
        return response;
    }
}
