package dev.idempotency.agent.store.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
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
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
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
    private static final String ACKNOWLEDGED = "acknowledged ";
    private static final int CHURN_ROUND = 64;

    private KilledWriter() {
    }

    /**
     * Runs {@code child}'s {@code main} with the URL, the number of records and of threads, until
     * it reports its completions, and kills it with SIGKILL; returns what it printed.
     */
    public static List<String> runAndKill(Class<?> child, String url, int records, int threads) throws Exception {
        Process process = start(child, url, Integer.toString(records), Integer.toString(threads));
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

    /**
     * Kills a churning {@code child} (see {@link #churnUntilKilled}) at a random moment, writing or
     * compacting, {@code rounds} times on one file (or {@code -Dkill.rounds=N} times); after each kill
     * the file opens with {@code open} and holds every record the child reported complete.
     */
    public static void churnAndKillRepeatedly(Class<?> child, String url, int rounds,
            Function<String, IdempotencyStore> open) throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int round = 0, last = Integer.getInteger("kill.rounds", rounds); round < last; round++) {
            String prefix = "round-" + round + "-";

            int completed = churnAndKill(child, url, prefix, 16, random.nextInt(1, 8), random.nextLong(120));

            try (IdempotencyStore store = open.apply(url)) {
                assertAllCompleted(store, prefix, completed);
            }
        }
    }

    /**
     * Runs {@code child}'s {@code main} with the URL, a key prefix and a number of threads, lets it
     * churn (see {@link #churnUntilKilled}) and kills it with SIGKILL {@code killAfterMillis} after
     * its {@code reports}th report; returns the number of records it reported completed before it
     * was killed.
     */
    static int churnAndKill(Class<?> child, String url, String prefix, int threads, int reports,
            long killAfterMillis) throws Exception {
        Process process = start(child, url, prefix, Integer.toString(threads));
        try {
            List<String> output = new CopyOnWriteArrayList<>();
            AtomicInteger acknowledged = new AtomicInteger(-1);
            CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = out.readLine(); line != null; line = out.readLine()) {
                        output.add(line);
                        if (line.startsWith(ACKNOWLEDGED)) {
                            acknowledged.set(Integer.parseInt(line.substring(ACKNOWLEDGED.length())));
                        }
                    }
                } catch (Exception e) {
                    // the process died: its output ends here
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (acknowledged.get() < reports * CHURN_ROUND && process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(acknowledged.get()).as("child reported completions: %s", output)
                    .isGreaterThanOrEqualTo(reports * CHURN_ROUND);
            Thread.sleep(killAfterMillis);
            // What it reported up to here is what it was told was written; read before the kill.
            int before = acknowledged.get();
            process.destroyForcibly();
            assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as("killed by SIGKILL: %s", output).isEqualTo(137);
            reader.get(10, TimeUnit.SECONDS);
            return before;
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * The child's part for {@link #churnAndKill}, for its {@code main}: in rounds of
     * {@value #CHURN_ROUND} records (keys {@code args[1]} and a number) on {@code args[2]} threads,
     * claims and completes each round, prints how many records are complete, and pauses for up to
     * 150 ms, so that the kill finds the store as often idle (compacting) as writing. Bounded to a
     * minute, should the parent die before it kills this JVM.
     */
    public static void churnUntilKilled(IdempotencyStore store, String[] args) throws Exception {
        String prefix = args[1];
        ExecutorService pool = Executors.newFixedThreadPool(Integer.parseInt(args[2]));
        long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (int completed = 0; System.nanoTime() < stopAt; completed += CHURN_ROUND) {
            List<Future<?>> done = new ArrayList<>();
            for (int i = completed; i < completed + CHURN_ROUND; i++) {
                String key = prefix + i;
                done.add(pool.submit(() -> complete(store, key, "body-" + key)));
            }
            for (Future<?> each : done) {
                each.get();
            }
            System.out.println(ACKNOWLEDGED + (completed + CHURN_ROUND));
            System.out.flush();
            Thread.sleep(ThreadLocalRandom.current().nextInt(150));
        }
    }

    /** Every record of {@code prefix} a churning child reported complete is there, completed, with its body. */
    private static void assertAllCompleted(IdempotencyStore store, String prefix, int records) {
        for (int i = 0; i < records; i++) {
            String key = prefix + i;
            StoredRecord record = store.find("s", key).orElseThrow(() -> new AssertionError("no record " + key));
            assertThat(record.state()).as("record %s", key).isEqualTo(RecordState.COMPLETED);
            assertThat(new String(record.response().body(), StandardCharsets.UTF_8)).isEqualTo("body-" + key);
        }
    }

    /** Starts {@code child}'s {@code main} with {@code args} on this JVM and class path, its errors in its output. */
    private static Process start(Class<?> child, String... args) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                child.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
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
        complete(store, "k-" + i, "body-" + i);
    }

    private static void complete(IdempotencyStore store, String key, String body) {
        long token = store.claim(new ClaimRequest("s", key, "e", "fp", "child", "r", Duration.ofSeconds(30),
                Duration.ofHours(1))).record().fencingToken();
        store.complete("s", key, token, new StoredResponse(201, Map.of("Content-Type",
                List.of("text/plain")), body.getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1));
    }
}
