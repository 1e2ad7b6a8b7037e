package dev.idempotency.agent.store.testing;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.function.LongSupplier;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;

/**
 * A store's durability under SIGKILL: a child JVM claims and completes records from several
 * threads (so a writer batches them), says how many commits that took, and waits to be killed
 * without closing anything; the parent kills it and opens the store again.
 */
public final class KilledWriter {

    private static final String DONE = "completed-all";
    private static final String COMMITS = "commits ";

    private KilledWriter() {
    }

    /**
     * Runs {@code child}'s {@code main} with the URL, the number of records and of threads, until
     * it reports its completions, and kills it with SIGKILL; returns what it printed.
     */
    public static List<String> runAndKill(Class<?> child, String url, int records, int threads) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                child.getName(), url, Integer.toString(records), Integer.toString(threads)))
                .redirectErrorStream(true).start();
        try {
            List<String> output = new CopyOnWriteArrayList<>();
            CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        output.add(line);
                        if (line.equals(DONE)) {
                            process.destroyForcibly();
                            return true;
                        }
                    }
                    return false;
                } catch (Exception e) {
                    return false;
                }
            });
            assertThat(done.get(60, TimeUnit.SECONDS)).as("child reported its completions: %s", output).isTrue();
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as("killed by SIGKILL").isEqualTo(137);
            return output;
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The commits the child reported for its completions. */
    public static long commits(List<String> output) {
        String commits = output.stream().filter(line -> line.startsWith(COMMITS)).findFirst().orElseThrow();
        return Long.parseLong(commits.split(" ")[1]);
    }

    /** Every record the child completed is there, completed, with its body. */
    public static void assertAllCompleted(IdempotencyStore store, int records) {
        for (int i = 0; i < records; i++) {
            StoredRecord record = store.find("s", "k-" + i).orElseThrow();
            assertThat(record.state()).as("record %d", i).isEqualTo(RecordState.COMPLETED);
            assertThat(new String(record.response().body(), StandardCharsets.UTF_8)).isEqualTo("body-" + i);
        }
    }

    /**
     * The child's part, for its {@code main}: completes {@code args[1]} records on {@code args[2]}
     * threads, prints the commits they took and that it is done, and waits to be killed.
     */
    public static void completeAndWaitToBeKilled(IdempotencyStore store, String[] args, LongSupplier commits)
            throws Exception {
        int records = Integer.parseInt(args[1]);
        ExecutorService pool = Executors.newFixedThreadPool(Integer.parseInt(args[2]));
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            int record = i;
            done.add(pool.submit(() -> complete(store, record)));
        }
        for (Future<?> each : done) {
            each.get();
        }
        System.out.println(COMMITS + commits.getAsLong() + " for " + records + " completions");
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
