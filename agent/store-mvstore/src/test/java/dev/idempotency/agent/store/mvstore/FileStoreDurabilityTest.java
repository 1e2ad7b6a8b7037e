package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file store keeps every change it acknowledged when its JVM is killed with SIGKILL: a child
 * JVM claims and completes records from several threads (so the writer batches them), says so,
 * and waits to be killed without closing anything; the parent kills it and opens the file.
 */
class FileStoreDurabilityTest {

    private static final String DONE = "completed-all";
    private static final String COMMITS = "commits ";

    @TempDir
    Path directory;

    @Test
    void completedRecordsSurviveKillMinusNine() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("agent").toAbsolutePath();

        runAndKill(url, 20, 1);

        assertAllCompleted(url, 20);
    }

    @Test
    void completionsCommittedInSharedBatchesSurviveKillMinusNine() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("batched").toAbsolutePath();
        int records = 300;

        List<String> output = runAndKill(url, records, 16);

        assertAllCompleted(url, records);
        String commits = output.stream().filter(line -> line.startsWith(COMMITS)).findFirst().orElseThrow();
        assertThat(Long.parseLong(commits.split(" ")[1])).as("16 concurrent callers share commits: %s", commits)
                .isLessThan(2L * records);
    }

    private static void assertAllCompleted(String url, int records) {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            for (int i = 0; i < records; i++) {
                StoredRecord record = store.find("s", "k-" + i).orElseThrow();
                assertThat(record.state()).as("record %d", i).isEqualTo(RecordState.COMPLETED);
                assertThat(new String(record.response().body(), StandardCharsets.UTF_8)).isEqualTo("body-" + i);
            }
            assertThat(store.footprint().records()).isEqualTo(records);
        }
    }

    /** Runs the child until it reports its completions, kills it with SIGKILL; returns what it printed. */
    private static List<String> runAndKill(String url, int records, int threads) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                CompletesAndWaitsToBeKilled.class.getName(), url, Integer.toString(records),
                Integer.toString(threads))).redirectErrorStream(true).start();
        try {
            List<String> output = new CopyOnWriteArrayList<>();
            CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        output.add(line);
                        if (line.equals(DONE)) {
                            child.destroyForcibly();
                            return true;
                        }
                    }
                    return false;
                } catch (Exception e) {
                    return false;
                }
            });
            assertThat(done.get(60, TimeUnit.SECONDS)).as("child reported its completions: %s", output).isTrue();
            assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(137);
            return output;
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The child JVM: completes the records, reports its commits, and waits to be killed. */
    public static final class CompletesAndWaitsToBeKilled {

        private CompletesAndWaitsToBeKilled() {
        }

        /** Arguments: URL, number of records, number of threads. */
        public static void main(String[] args) throws Exception {
            int records = Integer.parseInt(args[1]);
            FileRecordStore store = (FileRecordStore) FileStores.open(StoreSettings.forUrl(args[0]));
            ExecutorService pool = Executors.newFixedThreadPool(Integer.parseInt(args[2]));
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < records; i++) {
                int record = i;
                done.add(pool.submit(() -> complete(store, record)));
            }
            for (Future<?> each : done) {
                each.get();
            }
            System.out.println(COMMITS + store.writer().batchesCommitted() + " for " + records + " completions");
            System.out.println(DONE);
            System.out.flush();
            // Bounded, should the test die before it kills this JVM.
            Thread.sleep(60_000);
        }

        private static void complete(IdempotencyStore store, int i) {
            long token = store.claim(new ClaimRequest("s", "k-" + i, "e", "fp", "child", "r", Duration.ofSeconds(30),
                    Duration.ofHours(1))).record().fencingToken();
            store.complete("s", "k-" + i, token, new StoredResponse(201, Map.of("Content-Type",
                    List.of("text/plain")), ("body-" + i).getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1));
        }
    }
}
