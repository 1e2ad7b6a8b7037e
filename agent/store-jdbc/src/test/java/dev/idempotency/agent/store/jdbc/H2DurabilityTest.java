package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;

/** The embedded store keeps every commit it acknowledged when its JVM is killed with SIGKILL. */
class H2DurabilityTest {

    private static final int RECORDS = 20;
    private static final int BATCHED_RECORDS = 200;

    @TempDir
    Path directory;

    @Test
    void completedRecordsSurviveKillMinusNine() throws Exception {
        String url = "jdbc:h2:file:" + directory.resolve("agent").toAbsolutePath();

        runAndKill(url, RECORDS, 1);

        assertAllCompleted(url, RECORDS);
    }

    @Test
    void completionsCommittedInSharedBatchesSurviveKillMinusNine() throws Exception {
        String url = "jdbc:h2:file:" + directory.resolve("batched").toAbsolutePath();

        List<String> output = runAndKill(url, BATCHED_RECORDS, 16);

        assertAllCompleted(url, BATCHED_RECORDS);
        String commits = output.stream().filter(line -> line.startsWith(CompletesAndWaitsToBeKilled.COMMITS))
                .findFirst().orElseThrow();
        long batches = Long.parseLong(commits.split(" ")[1]);
        assertThat(batches).as("16 concurrent callers share commits: %s", commits).isLessThan(2L * BATCHED_RECORDS);
    }

    private static void assertAllCompleted(String url, int records) {
        try (IdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url))) {
            for (int i = 0; i < records; i++) {
                StoredRecord record = store.find("s", "k-" + i).orElseThrow();
                assertThat(record.state()).as("record %d", i).isEqualTo(RecordState.COMPLETED);
                assertThat(new String(record.response().body(), StandardCharsets.UTF_8)).isEqualTo("body-" + i);
            }
        }
    }

    @Test
    void embeddedUrlsWriteEveryCommitUnlessToldOtherwise() {
        H2Dialect dialect = new H2Dialect();
        assertThat(dialect.normaliseUrl("jdbc:h2:file:./idempotency-store/agent"))
                .isEqualTo("jdbc:h2:file:./idempotency-store/agent;WRITE_DELAY=0");
        assertThat(dialect.normaliseUrl("jdbc:h2:file:./x;write_delay=100")).isEqualTo("jdbc:h2:file:./x;write_delay=100");
    }

    /** Runs the child until it reports its completions, kills it with SIGKILL; returns what it printed. */
    private static List<String> runAndKill(String url, int records, int threads) throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                CompletesAndWaitsToBeKilled.class.getName(), url, Integer.toString(records),
                Integer.toString(threads)))
                .redirectErrorStream(true)
                .start();
        try {
            List<String> output = new CopyOnWriteArrayList<>();
            CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = out.readLine()) != null) {
                        output.add(line);
                        if (line.equals(CompletesAndWaitsToBeKilled.DONE)) {
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
}
