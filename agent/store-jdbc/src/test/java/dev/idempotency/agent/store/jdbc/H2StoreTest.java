package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

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
