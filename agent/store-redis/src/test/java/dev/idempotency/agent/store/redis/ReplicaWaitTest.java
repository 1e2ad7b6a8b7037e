package dev.idempotency.agent.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * {@code store.redis.wait-replicas} on a primary and a replica of this test's own: a claim counts
 * once the replica holds it, and while the replica is gone a new claim fails as a store outage
 * within the wait, its record on the primary withdrawable by its request; a replay still answers.
 */
@Timeout(60)
class ReplicaWaitTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);

    @TempDir
    Path dir;

    @Test
    void aClaimCountsOnceTheReplicaHoldsItAndIsRefusedWhenNoReplicaDoes() throws Exception {
        try (RedisServerProcess primary = RedisServerProcess.start(dir, "--repl-diskless-sync-delay", "0")) {
            RedisServerProcess replica = RedisServerProcess.start(dir, "--replicaof", "127.0.0.1",
                    Integer.toString(primary.port()));
            try (JedisPooled primaryClient = primary.client();
                    IdempotencyStore store = RedisStores.open(StoreSettings.forUrl(primary.url()).withTable("replicated")
                            .withStatementTimeout(Duration.ofSeconds(2)).withWaitReplicas(1))) {
                await().atMost(Duration.ofSeconds(20)).until(() -> new String((byte[]) primaryClient.sendCommand(
                        Protocol.Command.INFO, "replication"), StandardCharsets.UTF_8).contains("state=online"));

                ClaimRequest first = claim("held", "req-1");
                long token = store.claim(first).record().fencingToken();
                assertThat(store.complete("scope", "held", token, response(), TTL)).isTrue();
                try (JedisPooled replicaClient = replica.client()) {
                    assertThat(replicaClient.hget("{replicated}:r:5:scopeheld", "st")).isEqualTo("COMPLETED");
                }

                replica.close();
                ClaimRequest unreplicated = claim("unreplicated", "req-2");
                long started = System.nanoTime();
                assertThatThrownBy(() -> store.claim(unreplicated)).isInstanceOf(StoreUnavailableException.class)
                        .hasMessageContaining("claim reached 0 of the 1 replica(s) store.redis.wait-replicas asks for");
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(2));
                assertThat(store.find("scope", "unreplicated").get().state()).isEqualTo(RecordState.IN_PROGRESS);
                assertThat(store.withdrawUnstarted(unreplicated)).as("the refused request's claim, withdrawn").isTrue();
                assertThat(store.find("scope", "unreplicated")).isEmpty();

                assertThat(store.claim(claim("held", "req-3")).claimed()).as("a replay needs no replica").isFalse();
            } finally {
                replica.close();
            }
        }
    }

    @Test
    void waitingForMoreReplicasThanAreConnectedIsWarnedAtStart() {
        try (RedisServerProcess alone = RedisServerProcess.start(dir);
                IdempotencyStore store = RedisStores.open(StoreSettings.forUrl(alone.url()).withTable("alone")
                        .withWaitReplicas(2))) {
            assertThat(store.warnings()).anySatisfy(warning -> assertThat(warning)
                    .contains("waits for 2 replica(s) on each write (store.redis.wait-replicas), but 0 are connected"));
        }
    }

    private static ClaimRequest claim(String key, String requestId) {
        return new ClaimRequest("scope", key, "create-order", "fp", "owner", requestId, LEASE, TTL);
    }

    private static StoredResponse response() {
        return new StoredResponse(201, Collections.emptyMap(), "{}".getBytes(StandardCharsets.UTF_8), true);
    }
}
