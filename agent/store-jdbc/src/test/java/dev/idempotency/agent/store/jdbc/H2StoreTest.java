package dev.idempotency.agent.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

class H2StoreTest extends JdbcStoreContractTest {

    /** Deleted by {@link #cleanUp}, which waits out a file H2 may still be finishing after the close. */
    @TempDir(cleanup = CleanupMode.NEVER)
    Path directory;

    @Override
    StoreSettings settings(String table) {
        return StoreSettings.forUrl("jdbc:h2:file:" + directory.resolve("store").toAbsolutePath())
                .withTable(table)
                .withPoolSize(16);
    }

    /**
     * The purge reaches the one writer in slices, each its own write, so a claim queued during a
     * purge waits behind one slice: a batch of 60 is three writes, and the batch still deletes 60.
     */
    @Test
    void purgeReachesTheWriterInSlicesAClaimCanQueueBetween() {
        try (JdbcIdempotencyStore h2 = open(settings(TestDatabases.uniqueTable()))) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer purges in slices");
            int slices = 3;
            int expired = GroupCommit.PURGE_SLICE * slices - 1;
            for (int i = 0; i < expired; i++) {
                h2.claim(new ClaimRequest("s", "old-" + i, "e", "fp", "o", "r", Duration.ofSeconds(30),
                        Duration.ofMillis(1)));
            }
            h2.claim(new ClaimRequest("s", "live", "e", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1)));
            await().pollDelay(Duration.ofMillis(50)).until(() -> true);
            GroupCommitWriter writer = ((GroupCommit) h2.writeStrategy()).writer;
            long writesBefore = writer.writesCommitted();

            assertThat(h2.purgeExpired(expired + 10)).isEqualTo(expired);

            assertThat(writer.writesCommitted() - writesBefore).as("one write per slice").isEqualTo(slices);
            assertThat(h2.countExpired()).isZero();
            assertThat(h2.find("s", "live")).isPresent();
        }
    }

    @Override
    void cleanUp(StoreSettings settings) {
        long until = System.nanoTime() + 5_000_000_000L;
        while (true) {
            try {
                deleteTree(directory);
                return;
            } catch (IOException | UncheckedIOException stillBeingWritten) {
                if (System.nanoTime() > until) {
                    throw new IllegalStateException("the store's directory could not be deleted", stillBeingWritten);
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(path);
            }
        }
    }
}
