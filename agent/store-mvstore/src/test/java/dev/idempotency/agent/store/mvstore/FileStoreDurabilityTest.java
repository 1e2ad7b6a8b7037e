package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.testing.KilledWriter;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file store keeps every change it acknowledged when its JVM is killed with SIGKILL: a child
 * JVM claims and completes records from several threads (so the writer batches them), says so,
 * and waits to be killed without closing anything; the parent kills it and opens the file.
 */
class FileStoreDurabilityTest {

    @TempDir
    Path directory;

    @Test
    void completedRecordsSurviveKillMinusNine() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("agent").toAbsolutePath();

        KilledWriter.runAndKill(CompletesAndWaitsToBeKilled.class, url, 20, 1);

        assertAllCompleted(url, 20);
    }

    @Test
    void completionsCommittedInSharedBatchesSurviveKillMinusNine() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("batched").toAbsolutePath();
        int records = 300;

        List<String> output = KilledWriter.runAndKill(CompletesAndWaitsToBeKilled.class, url, records, 16);

        assertAllCompleted(url, records);
        assertThat(KilledWriter.commits(output)).as("16 concurrent callers share commits: %s", output)
                .isPositive().isLessThan(2L * records);
    }

    /**
     * Killed at random moments of a churn, writing or compacting, time after time on one file: each
     * time the file opens and holds every record reported complete.
     */
    @Test
    void aFileKilledWhileItIsWrittenOrCompactedOpensWithEveryAcknowledgedRecord() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("churned").toAbsolutePath();

        KilledWriter.churnAndKillRepeatedly(ChurnsUntilKilled.class, url, 3,
                killed -> FileStores.open(StoreSettings.forUrl(killed)));
    }

    private static void assertAllCompleted(String url, int records) {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            KilledWriter.assertAllCompleted(store, records);
            assertThat(store.footprint().records()).isEqualTo(records);
        }
    }

    /** The child JVM: completes records in rounds, reporting each, until it is killed. */
    public static final class ChurnsUntilKilled {

        private ChurnsUntilKilled() {
        }

        /** Arguments: URL, key prefix, number of threads. */
        public static void main(String[] args) throws Exception {
            KilledWriter.churnUntilKilled(FileStores.open(StoreSettings.forUrl(args[0])), args);
        }
    }

    /** The child JVM: completes the records, reports its commits, and waits to be killed. */
    public static final class CompletesAndWaitsToBeKilled {

        private CompletesAndWaitsToBeKilled() {
        }

        /** Arguments: URL, number of records, number of threads. */
        public static void main(String[] args) throws Exception {
            FileRecordStore store = (FileRecordStore) FileStores.open(StoreSettings.forUrl(args[0]));
            KilledWriter.completeAndWaitToBeKilled(store, args, () -> store.writer().batchesCommitted());
        }
    }
}
