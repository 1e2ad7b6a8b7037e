package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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

    @TempDir
    Path workDir;

    @Test
    void failsClosedOrOpenWithinTheTimeoutsAndRecoversFromCutsAndKilledConnections() throws Exception {
        RedisSharedStoreTest.requireRedis();
        String table = StoreDatabases.uniqueTable();
        try (TcpRelay relay = new TcpRelay(RedisSharedStoreTest.PORT)) {
            Path config = new OpsConfig().store("redis://127.0.0.1:" + relay.port() + "/0", null, table)
                    .timeouts("1s", "2s").paymentsStoreError("fail-open").writeTo(workDir);
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
                URI uri = demo.baseUri();
                FailClosed.cutWithAnOrderBefore(relay, uri);

                relay.freeze();
                FailClosed.assertRefusedWithinBound(uri, "while-frozen");

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
}
