package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis crashes under load and comes back: a server of the test's own, keeping an append-only
 * file fsynced at each write (what loses nothing), is killed (SIGKILL) while four clients send new
 * keys, and started again two seconds later. Each client retries each key until it has a final
 * answer, as a careful client does. Meanwhile requests fail closed (503); the service recovers by
 * itself; no key executes twice (the application's own orders); a key that got its 201 is replayed
 * after, unless Redis went away between its execution and its completion: then it is UNKNOWN,
 * answered "outcome unknown", and never run again.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisRestartTest {

    private static final int CLIENTS = 4;

    @TempDir
    Path workDir;

    @Test
    void aRedisKilledUnderLoadAndStartedAgainLosesNoClaimAndRunsNoKeyTwice() throws Exception {
        Path redisDir = Files.createDirectories(workDir.resolve("redis"));
        Map<String, Http.Response> finalAnswers = new ConcurrentHashMap<>();
        AtomicBoolean sending = new AtomicBoolean(true);
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try (OwnRedis redis = OwnRedis.start(redisDir)) {
            Path config = new OpsConfig().store(redis.url(), null, "restart").timeouts("1s", "2s").writeTo(workDir);
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
                URI uri = demo.baseUri();
                List<Future<?>> load = new ArrayList<>();
                for (int client = 0; client < CLIENTS; client++) {
                    String prefix = "client-" + client + "-";
                    load.add(clients.submit(() -> {
                        for (int n = 0; sending.get(); n++) {
                            String key = prefix + n;
                            finalAnswers.put(key, Orders.createWithRetries(() -> uri, key, "", Duration.ofSeconds(60)));
                        }
                        return null;
                    }));
                }
                Orders.pause(Duration.ofSeconds(2));
                redis.kill();
                Orders.pause(Duration.ofSeconds(2));
                Http.Response whileDown = Orders.create(uri, "while-down", "", Http.DEFAULT_TIMEOUT);
                redis.startAgain();
                Orders.pause(Duration.ofSeconds(3));
                sending.set(false);
                for (Future<?> client : load) {
                    client.get(90, TimeUnit.SECONDS);
                }

                assertThat(whileDown.status()).as(whileDown.body()).isEqualTo(503);
                assertThat(Orders.problemType(whileDown)).endsWith(Orders.STORE_UNAVAILABLE);
                Map<String, Long> executions = Orders.items(uri).stream()
                        .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
                assertThat(executions).as("no key executed twice").allSatisfy((key, count) -> assertThat(count).isOne());
                assertThat(executions).as("the request refused while Redis was down never ran").doesNotContainKey("while-down");
                assertThat(finalAnswers).as("keys sent across the crash").hasSizeGreaterThan(CLIENTS * 2);
                // A request whose completion Redis never took (it went away while the handler ran)
                // holds its claim until the lease runs out, then is UNKNOWN.
                Orders.pause(OpsConfig.LEASE_TERM.plusMillis(500));
                for (Map.Entry<String, Http.Response> answer : finalAnswers.entrySet()) {
                    String key = answer.getKey();
                    Http.Response last = answer.getValue();
                    if (last.status() == 201) {
                        assertThat(executions).as("key %s answered 201", key).containsKey(key);
                        Http.Response again = Orders.create(uri, key, "", Http.DEFAULT_TIMEOUT);
                        if (!Orders.isProblem(again, Orders.OUTCOME_UNKNOWN)) {
                            Orders.assertReplayOf(last, again);
                        }
                    } else {
                        assertThat(Orders.isProblem(last, Orders.OUTCOME_UNKNOWN)).as("key %s: %s", key, last.body()).isTrue();
                        assertThat(executions).as("key %s is UNKNOWN because it ran", key).containsKey(key);
                    }
                }
                assertThat(demo.stderr()).as("told without a stack trace").noneMatch(line -> line.startsWith("\tat "));
            }
        } finally {
            clients.shutdownNow();
        }
    }
}
