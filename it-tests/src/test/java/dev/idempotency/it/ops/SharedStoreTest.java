package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two demo JVMs, no proxy, one shared store: every operation is sent to both instances at once,
 * and each copy is retried until it has a final answer. Each instance has its own orders
 * database, so executions are counted as the sum of both and checked against the store's records.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SharedStoreTest {

    private static final int OPERATIONS = 20;

    @TempDir
    Path workDir;

    @ParameterizedTest
    @EnumSource(StoreDatabases.class)
    void everyKeyExecutesExactlyOnceAcrossBothInstances(StoreDatabases database) throws Exception {
        database.requireReachable();
        String table = StoreDatabases.uniqueTable();
        Path config = new OpsConfig().store(database.url(), database.user(), table).writeTo(workDir);
        ExecutorService clients = Executors.newFixedThreadPool(4);
        ExecutorService secondCopies = Executors.newFixedThreadPool(4);
        try (DemoApp one = DemoApp.servletJavax().workDir(workDir.resolve("one")).agentConfig(config).start();
                DemoApp two = DemoApp.servletJavax().workDir(workDir.resolve("two")).agentConfig(config).start()) {
            List<Future<List<Http.Response>>> operations = new ArrayList<>();
            for (int i = 0; i < OPERATIONS; i++) {
                String key = database.name().toLowerCase() + "-op-" + i;
                operations.add(clients.submit(() -> sendToBoth(secondCopies, key, one.baseUri(), two.baseUri())));
            }
            for (Future<List<Http.Response>> operation : operations) {
                List<Http.Response> answers = operation.get(120, TimeUnit.SECONDS);
                assertThat(answers).extracting(Http.Response::status).containsOnly(201);
                assertThat(answers.get(0).body()).as("the replay repeats the execution's answer")
                        .isEqualTo(answers.get(1).body());
            }

            List<String> executed = new ArrayList<>(Orders.items(one.baseUri()));
            executed.addAll(Orders.items(two.baseUri()));
            Map<String, Long> executionsPerKey = executed.stream()
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(executionsPerKey).hasSize(OPERATIONS).allSatisfy((key, count) -> assertThat(count).isOne());
            Map<String, String> records = StoreRecords.statesByKey(database.url(), database.user(), table);
            assertThat(records).hasSize(OPERATIONS).containsOnlyKeys(executionsPerKey.keySet())
                    .allSatisfy((key, state) -> assertThat(state).isEqualTo("COMPLETED"));
        } finally {
            clients.shutdownNow();
            secondCopies.shutdownNow();
            database.dropTables(table);
        }
    }

    private static List<Http.Response> sendToBoth(ExecutorService secondCopies, String key, URI one, URI two)
            throws Exception {
        Future<Http.Response> first = secondCopies.submit(
                () -> Orders.createWithRetries(() -> one, key, "", Duration.ofSeconds(60)));
        Http.Response second = Orders.createWithRetries(() -> two, key, "", Duration.ofSeconds(60));
        return List.of(first.get(90, TimeUnit.SECONDS), second);
    }
}
