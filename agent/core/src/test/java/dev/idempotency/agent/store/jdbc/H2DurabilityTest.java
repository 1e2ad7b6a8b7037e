package dev.idempotency.agent.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;

/** The embedded store keeps every commit it acknowledged when its JVM is killed with SIGKILL. */
class H2DurabilityTest {

    private static final int RECORDS = 20;

    @TempDir
    Path directory;

    @Test
    void completedRecordsSurviveKillMinusNine() throws Exception {
        String url = "jdbc:h2:file:" + directory.resolve("agent").toAbsolutePath();

        runAndKill(url);

        try (JdbcIdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url))) {
            for (int i = 0; i < RECORDS; i++) {
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

    private static void runAndKill(String url) throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                CompletesAndWaitsToBeKilled.class.getName(), url, Integer.toString(RECORDS)))
                .redirectErrorStream(true)
                .start();
        try {
            CompletableFuture<Boolean> done = CompletableFuture.supplyAsync(() -> {
                try (BufferedReader out = new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = out.readLine()) != null) {
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
            assertThat(done.get(60, TimeUnit.SECONDS)).as("child reported its completions").isTrue();
            assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(137);
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
