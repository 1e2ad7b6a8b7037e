package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
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
 * Crashes at random moments under load: {@value #CLIENTS} clients send operations with retries
 * while the demo is killed with SIGKILL and restarted, {@code ops.crash.iterations} times
 * (default 5; the seed is printed and can be fixed with {@code ops.crash.seed}). Afterwards no key
 * executed twice, and every key the store holds as COMPLETED executed exactly once. A kill between
 * an answer and the write of its completion (written just behind the answer) leaves that key's
 * claim to lapse, as a kill mid-request does: the client was answered 201, and the key's outcome
 * is unknown to the store. Keys left UNKNOWN or lapsed are resolved as an operator would: complete
 * if their order exists, release if not.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RandomCrashTest {

    /** A short sleep after the commit widens the crash window the test aims at. */
    private static final String SLEEP_AFTER_COMMIT = "?delayMs=100";

    private static final int CLIENTS = 3;
    private static final int ITERATIONS = Integer.getInteger("ops.crash.iterations", 5);

    @TempDir
    Path workDir;

    private volatile URI current;

    @Test
    void noKeyExecutesTwiceAcrossRandomKills() throws Exception {
        long seed = Long.getLong("ops.crash.seed", System.nanoTime());
        System.out.println("RandomCrashTest seed " + seed + " (-Dops.crash.seed=" + seed + " repeats it)");
        Random random = new Random(seed);
        Path config = new OpsConfig().writeTo(workDir);
        Map<String, Http.Response> answers = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            current = demo.baseUri();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                String client = "c" + c;
                running.add(clients.submit(() -> sendUntilStopped(client, stop, answers)));
            }
            for (int i = 0; i < ITERATIONS; i++) {
                Orders.pause(Duration.ofMillis(300 + random.nextInt(2000)));
                demo.kill();
                demo.restart();
                current = demo.baseUri();
            }
            Orders.pause(Duration.ofSeconds(1));
            stop.set(true);
            for (Future<?> client : running) {
                client.get(120, TimeUnit.SECONDS);
            }

            Map<String, Long> executions = Orders.items(current).stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(executions).as("no key executed twice").allSatisfy((key, count) -> assertThat(count).isOne());
            // The running JVM writes each outcome just behind its answer; a killed one's claims lapse within a lease.
            Map<String, String> records = await().atMost(OpsConfig.LEASE_TERM.multipliedBy(3))
                    .until(() -> StoreRecords.settledStatesByKey(workDir), states -> !states.containsValue("IN_PROGRESS"));
            Set<String> completed = keysIn(records, "COMPLETED");
            Set<String> unknown = union(keysIn(records, "UNKNOWN"), keysIn(records, StoreRecords.ABANDONED));
            assertThat(executions.keySet()).as("every completed key executed").containsAll(completed);
            assertThat(answers).isNotEmpty().allSatisfy((key, answer) -> {
                if (answer.status() == 201) {
                    assertThat(completed.contains(key) || records.get(key).equals(StoreRecords.ABANDONED))
                            .as("answered 201: completed, or killed before its completion was written (%s)", records.get(key))
                            .isTrue();
                    assertThat(executions).as("answered 201: executed").containsKey(key);
                } else {
                    assertThat(keysIn(records, "UNKNOWN")).as("409 outcome-unknown answers stay unknown").contains(key);
                }
            });
            System.out.println("RandomCrashTest: " + completed.size() + " completed, " + unknown.size()
                    + " unknown or lapsed " + unknown);
            assertThat(executions.keySet()).as("orders == completed keys + unknown keys that executed")
                    .isSubsetOf(union(completed, unknown));

            resolveUnknownByTheirOrders(config, unknown, executions.keySet());
            for (String key : unknown) {
                // The same request as before (the query is part of the fingerprint).
                assertThat(Orders.create(current, key, SLEEP_AFTER_COMMIT, Http.DEFAULT_TIMEOUT).status()).isEqualTo(201);
            }
            Map<String, Long> afterResolution = Orders.items(current).stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(afterResolution.keySet()).containsExactlyInAnyOrderElementsOf(answers.keySet());
            assertThat(afterResolution).allSatisfy((key, count) -> assertThat(count).isOne());
        } finally {
            stop.set(true);
            clients.shutdownNow();
        }
    }

    /** One client: a new key after each final answer, retried across the crashes. */
    private void sendUntilStopped(String client, AtomicBoolean stop, Map<String, Http.Response> answers) {
        for (int n = 0; !stop.get(); n++) {
            String key = client + "-" + n;
            answers.put(key, Orders.createWithRetries(() -> current, key, SLEEP_AFTER_COMMIT, Duration.ofSeconds(90)));
        }
    }

    /** The operator's procedure: an UNKNOWN key whose order exists is completed, the others released. */
    private void resolveUnknownByTheirOrders(Path config, Set<String> unknown, Set<String> executed) {
        AgentCli cli = new AgentCli(workDir, config);
        for (String key : unknown) {
            AgentCli.Result resolved = executed.contains(key)
                    ? cli.run("resolve", key, "--complete", "--status", "201")
                    : cli.run("resolve", key, "--release");
            assertThat(resolved.exitCode()).as(resolved.toString()).isZero();
        }
    }

    private static Set<String> keysIn(Map<String, String> records, String state) {
        return records.entrySet().stream().filter(record -> record.getValue().equals(state)).map(Map.Entry::getKey)
                .collect(Collectors.toSet());
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }
}
