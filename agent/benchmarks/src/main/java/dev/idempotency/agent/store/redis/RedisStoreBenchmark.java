package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * The Redis store against the raw limit of its server, in one run: {@link #claimAndComplete} is
 * what a request with a new key costs the store (two scripts), {@link #rawSetSet} two plain
 * {@code SET}s of a record-sized value on a pool of the same size, and {@link #rawSet} one: the
 * floor of a new key, which cannot cost less than one write and its round trip. Redis is named by the system
 * property {@code idempotency.bench.redis.url} (default {@code redis://127.0.0.1:6379/0}).
 */
@BenchmarkMode(Mode.Throughput)
@State(Scope.Benchmark)
public class RedisStoreBenchmark {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);
    private static final StoredResponse RESPONSE = new StoredResponse(201,
            Map.of("Content-Type", List.of("application/json"), "Location", List.of("/orders/42")),
            ("{\"id\":42,\"status\":\"created\",\"items\":[{\"sku\":\"A-1\",\"quantity\":2}],"
                    + "\"total\":{\"amount\":\"19.90\",\"currency\":\"EUR\"}}").getBytes(StandardCharsets.UTF_8),
            true);
    /** About what a record holds: the fields and the response above. */
    private static final byte[] RAW_VALUE = new byte[360];

    @Param({"8"})
    public int poolSize;

    private IdempotencyStore store;
    private JedisPooled raw;
    private String table;

    @Setup(Level.Trial)
    public void open() {
        String url = System.getProperty("idempotency.bench.redis.url", "redis://127.0.0.1:6379/0");
        table = "bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        store = RedisStores.open(StoreSettings.forUrl(url).withTable(table).withPoolSize(poolSize));
        URI parsed = URI.create(url);
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(poolSize);
        pool.setMaxIdle(poolSize);
        raw = new JedisPooled(pool, new HostAndPort(parsed.getHost(), parsed.getPort()),
                DefaultJedisClientConfig.builder().build());
    }

    @TearDown(Level.Trial)
    public void close() {
        for (String key : raw.keys("{" + table + "}*")) {
            raw.del(key);
        }
        raw.close();
        store.close();
    }

    /** Each benchmark thread's own key sequence. */
    @State(Scope.Thread)
    public static class Keys {
        private final String prefix = UUID.randomUUID().toString().substring(0, 8) + "-";
        private long next;

        String next() {
            return prefix + next++;
        }
    }

    @Benchmark
    public boolean claimAndComplete(Keys keys) {
        String key = keys.next();
        ClaimResult claim = store.claim(new ClaimRequest("bench", key, "create-order", "fp", "bench-owner", "req-" + key,
                LEASE, TTL));
        return store.complete("bench", key, claim.record().fencingToken(), RESPONSE, TTL);
    }

    @Benchmark
    public String rawSet(Keys keys) {
        return raw.set(("{" + table + "}:raw:" + keys.next()).getBytes(StandardCharsets.UTF_8), RAW_VALUE);
    }

    @Benchmark
    public String rawSetSet(Keys keys) {
        byte[] key = ("{" + table + "}:raw:" + keys.next()).getBytes(StandardCharsets.UTF_8);
        raw.set(key, RAW_VALUE);
        return raw.set(key, RAW_VALUE);
    }
}
