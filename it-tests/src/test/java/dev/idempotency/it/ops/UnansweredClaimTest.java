package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The store commits a claim, and the connection breaks before the agent hears it (a connection
 * the database or a proxy killed at that moment): the client gets 503 and the handler never runs,
 * but the claim is in the table. Once the store answers again, the agent withdraws that claim, so
 * the client's retry with the same key executes, once, instead of meeting "in progress" and then
 * "outcome unknown" for the key's whole ttl. The agent reaches the shared database through a relay
 * that loses the answers to writes; the server itself is never touched. On PostgreSQL, MariaDB and Redis.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class UnansweredClaimTest {

    @TempDir
    Path workDir;


    @ParameterizedTest
    @EnumSource(StoreDatabases.class)
    void aRefusedRequestWhoseClaimWasCommittedExecutesAtItsRetry(StoreDatabases database) throws Exception {
        try (RelayedStore store = RelayedStore.of(database)) {
            refusedThenRetried(store.relay(), store.config(), key -> database.stateOf(store.table(), key));
        }
    }

    @Test
    void onRedisTheRefusedRequestsClaimIsWithdrawnToo() throws Exception {
        RedisSharedStoreTest.requireRedis();
        String table = StoreDatabases.uniqueTable();
        try (TcpRelay relay = new TcpRelay(RedisSharedStoreTest.PORT)) {
            refusedThenRetried(relay, new OpsConfig().store("redis://127.0.0.1:" + relay.port() + "/0", null, table)
                    .timeouts("1s", "2s"), key -> RedisSharedStoreTest.statesByKey(table).getOrDefault(key, "none"));
        } finally {
            RedisSharedStoreTest.deleteTable(table);
        }
    }

    /** The scenario on a store the agent reaches through {@code relay}; {@code stateOf} reads a key's record past the relay. */
    private void refusedThenRetried(TcpRelay relay, OpsConfig config, StateOf stateOf) throws Exception {
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config.writeTo(workDir)).start()) {
            URI uri = demo.baseUri();
            assertThat(Orders.create(uri, "before", "", Http.DEFAULT_TIMEOUT).status()).isEqualTo(201);
            int before = Orders.count(uri);
            // Its completion is written just behind the answer; the answer lost below is the next claim's alone.
            await().atMost(Duration.ofSeconds(10)).until(() -> stateOf.of("before"), "COMPLETED"::equals);

            relay.loseAnswerToWriteNaming("lost-answer");
            Http.Response refused = Orders.create(uri, "lost-answer", "", Http.DEFAULT_TIMEOUT);
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(Orders.problemType(refused)).endsWith(Orders.STORE_UNAVAILABLE);
            // The keeper withdraws such a claim on its next renewal tick, which may come before this read,
            // and its line may reach the test's reader of stderr a little after the record is gone.
            AtomicReference<String> found = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
                found.set(stateOf.of("lost-answer"));
                assertThat(found.get().equals("IN_PROGRESS") || keeperWithdrewOne(demo))
                        .as("the claim the agent never heard of is committed (found %s, and no withdrawal logged)",
                                found.get())
                        .isTrue();
            });
            relay.restore();

            AtomicReference<Http.Response> retry = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).until(() -> {
                retry.set(Orders.create(uri, "lost-answer", "", Http.DEFAULT_TIMEOUT));
                return !Orders.isProblem(retry.get(), Orders.STORE_UNAVAILABLE)
                        && !Orders.isProblem(retry.get(), Orders.IN_PROGRESS);
            });
            assertThat(retry.get().status()).as("the retry: %s", retry.get().body()).isEqualTo(201);
            assertThat(retry.get().header("Idempotent-Replayed")).isEmpty();
            assertThat(Orders.count(uri)).as("the retry executed, once").isEqualTo(before + 1);
            Orders.assertReplayOf(retry.get(), Orders.create(uri, "lost-answer", "", Http.DEFAULT_TIMEOUT));
            // The output is read as it comes: the keeper's line may reach the test after the retry's answer.
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(keeperWithdrewOne(demo)
                    || demo.stdout().stream().anyMatch(line -> line.contains("first withdrew the claim of request")))
                    .as("the withdrawal is said: by the keeper, or in the attempt line of the retry that did it").isTrue());
        }
    }

    private static boolean keeperWithdrewOne(DemoApp demo) {
        return demo.stderr().stream().anyMatch(line -> line.contains("withdrew 1 claim(s)"));
    }

    /** Reads a key's record past the relay; "none" without one. */
    private interface StateOf {
        String of(String key) throws Exception;
    }
}
