package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;

/**
 * Two demo JVMs on the machine's Redis: in each of 20 rounds, eight requests with one key arrive
 * at once, four at each instance. The key executes once (counted in the application's own orders
 * of both instances), every other request is answered with its replay or 409 in progress, and
 * the record Redis holds is COMPLETED. Each instance warns once at start that this Redis keeps no
 * append-only file.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisSharedStoreTest {

    static final int PORT = 6379;
    static final String URL = "redis://127.0.0.1:" + PORT + "/0";
    private static final int ROUNDS = 20;
    private static final int CONCURRENT = 8;

    @TempDir
    Path workDir;

    @Test
    void eightConcurrentRequestsWithOneKeyExecuteOnceAcrossTwoInstances() throws Exception {
        requireRedis();
        String table = StoreDatabases.uniqueTable();
        Path config = new OpsConfig().store(URL, null, table).writeTo(workDir);
        ExecutorService clients = Executors.newFixedThreadPool(CONCURRENT);
        try (DemoApp one = DemoApp.servletJavax().workDir(workDir.resolve("one")).agentConfig(config).start();
                DemoApp two = DemoApp.servletJavax().workDir(workDir.resolve("two")).agentConfig(config).start()) {
            for (int round = 0; round < ROUNDS; round++) {
                String key = "redis-round-" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Http.Response>> answers = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    URI instance = i % 2 == 0 ? one.baseUri() : two.baseUri();
                    answers.add(clients.submit(() -> {
                        start.await();
                        return Orders.create(instance, key, "", Duration.ofSeconds(30));
                    }));
                }
                start.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Http.Response> answer : answers) {
                    statuses.add(answer.get(60, TimeUnit.SECONDS).status());
                }
                // 409 for those that met the first in flight; 201 replayed for those that came after it
                assertThat(statuses).as("round %d", round).isSubsetOf(201, 409);
                assertThat(Orders.createWithRetries(one::baseUri, key, "", Duration.ofSeconds(30)).status())
                        .isEqualTo(201);
            }

            List<String> executed = new ArrayList<>(Orders.items(one.baseUri()));
            executed.addAll(Orders.items(two.baseUri()));
            Map<String, Long> executionsPerKey = executed.stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(executionsPerKey).as("the application's own orders, both instances")
                    .hasSize(ROUNDS).allSatisfy((key, count) -> assertThat(count).isOne());
            assertThat(statesByKey(table)).hasSize(ROUNDS).containsOnlyKeys(executionsPerKey.keySet())
                    .allSatisfy((key, state) -> assertThat(state).isEqualTo("COMPLETED"));
            for (DemoApp instance : List.of(one, two)) {
                assertThat(instance.stderr()).as("the durability warning, once")
                        .filteredOn(line -> line.contains("keeps no append-only file (appendonly no)")).hasSize(1);
            }
        } finally {
            clients.shutdownNow();
            deleteTable(table);
        }
    }

    static void requireRedis() {
        boolean reachable;
        try (JedisPooled redis = new JedisPooled(URI.create(URL))) {
            reachable = "PONG".equals(redis.ping());
        } catch (RuntimeException e) {
            reachable = false;
        }
        if ("true".equals(System.getenv("CI"))) {
            assertThat(reachable).as("Redis at " + URL + " (.ci/run starts it)").isTrue();
        }
        assumeTrue(reachable, "no Redis at " + URL);
    }

    /** Each record's state, read from Redis directly: key to state. */
    static Map<String, String> statesByKey(String table) {
        Map<String, String> states = new HashMap<>();
        try (JedisPooled redis = new JedisPooled(URI.create(URL))) {
            for (String record : redis.keys("{" + table + "}:r:*")) {
                Map<byte[], byte[]> fields = redis.hgetAll(record.getBytes(StandardCharsets.UTF_8));
                String key = null;
                String state = null;
                for (Map.Entry<byte[], byte[]> field : fields.entrySet()) {
                    String name = new String(field.getKey(), StandardCharsets.UTF_8);
                    if (name.equals("k")) {
                        key = new String(field.getValue(), StandardCharsets.UTF_8);
                    } else if (name.equals("st")) {
                        state = new String(field.getValue(), StandardCharsets.UTF_8);
                    }
                }
                states.put(key, state);
            }
        }
        return states;
    }

    static void deleteTable(String table) {
        try (JedisPooled redis = new JedisPooled(URI.create(URL))) {
            for (String key : redis.keys("{" + table + "}*")) {
                redis.del(key);
            }
        }
    }
}
