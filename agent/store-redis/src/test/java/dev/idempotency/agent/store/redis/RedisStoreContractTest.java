package dev.idempotency.agent.store.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.testing.StoreContractTest;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.time.Duration;
import java.util.UUID;
import redis.clients.jedis.JedisPooled;

/**
 * The store contract on the machine's Redis (127.0.0.1:6379, or {@code REDIS_URL}): each test
 * under a prefix of its own, whose keys are deleted afterwards. Skipped when no Redis answers,
 * except under {@code CI=true}, where that fails.
 */
class RedisStoreContractTest extends StoreContractTest {

    static final String URL = System.getenv().getOrDefault("REDIS_URL", "redis://127.0.0.1:6379/0");

    private String table;

    @Override
    protected IdempotencyStore openStore() {
        boolean reachable = RedisTesting.reachable(URL);
        if (!"true".equals(System.getenv("CI"))) {
            assumeTrue(reachable, "no Redis at " + URL);
        }
        table = "contract_" + UUID.randomUUID().toString().replace("-", "");
        return RedisStores.open(StoreSettings.forUrl(URL).withTable(table)
                .withConnectTimeout(Duration.ofSeconds(2)).withStatementTimeout(Duration.ofSeconds(5)));
    }

    @Override
    protected void closeStore(IdempotencyStore store) {
        store.close();
        RedisTesting.deleteTable(URL, table);
    }

    /** Reaches the test Redis directly. */
    static final class RedisTesting {

        private RedisTesting() {
        }

        static boolean reachable(String url) {
            try (JedisPooled redis = new JedisPooled(java.net.URI.create(url))) {
                return "PONG".equals(redis.ping());
            } catch (RuntimeException e) {
                return false;
            }
        }

        static void deleteTable(String url, String table) {
            try (JedisPooled redis = new JedisPooled(java.net.URI.create(url))) {
                for (String key : redis.keys("{" + table + "}*")) {
                    redis.del(key);
                }
            }
        }
    }
}
