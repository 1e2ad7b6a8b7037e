package dev.idempotency.agent.store.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/** The directory a test gave an embedded store, removed once nothing writes into it any more. */
public final class StoreDirectories {

    /** Far more than a loaded machine takes to finish a file after the store's close. */
    private static final Duration QUIET_WITHIN = Duration.ofSeconds(20);

    private StoreDirectories() {
    }

    /**
     * Deletes {@code directory} and what it holds, trying again while files appear in it: a closed
     * store's close waits for its writer a bounded time only, so an embedded H2 database may still be
     * finishing its file (a compaction step, the close of its last connection, a trace of either)
     * when the close returns. Fails when the directory still changes after {@link #QUIET_WITHIN}.
     */
    public static void deleteWhenQuiet(Path directory) {
        long until = System.nanoTime() + QUIET_WITHIN.toNanos();
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
