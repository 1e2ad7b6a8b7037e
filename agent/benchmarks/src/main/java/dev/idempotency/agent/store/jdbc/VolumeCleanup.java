package dev.idempotency.agent.store.jdbc;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import dev.idempotency.agent.store.IdempotencyStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.function.Supplier;
import javax.sql.DataSource;

/** What the volume benchmark leaves behind, taken away: its table, a file it created, the buffer pool it resized. */
final class VolumeCleanup {

    private final String table;
    /** The H2 or file store's file; null on a server. */
    private final Path file;
    private final boolean fileExisted;
    /** Resized for the run with {@code --buffer-pool}, else null. */
    private final InnoDbBufferPool bufferPool;

    VolumeCleanup(String table, Path file, boolean fileExisted, InnoDbBufferPool bufferPool) {
        this.table = table;
        this.file = file;
        this.fileExisted = fileExisted;
        this.bufferPool = bufferPool;
    }

    /** Closes {@code requests}; drops the table of {@code store} (null for the file store) and removes a file this run created. */
    void clean(IdempotencyStore requests, JdbcIdempotencyStore store, Supplier<DataSource> connections) {
        if (store == null) {
            requests.close();
            removeFileStoreFile();
            return;
        }
        store.close();
        boolean dropped = false;
        // On a connection of its own with time to spare: dropping a table of millions of rows takes a while.
        try (Connection connection = connections.get().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
            statement.execute("DROP TABLE IF EXISTS " + table + "_meta");
            dropped = true;
        } catch (SQLException e) {
            System.err.println("volume benchmark: could not drop " + table + " and " + table
                    + "_meta, drop them by hand: " + e.getMessage());
        }
        if (file != null && !fileExisted) {
            try {
                Files.deleteIfExists(file);
                Files.deleteIfExists(file.resolveSibling(file.getFileName().toString().replace(".mv.db", ".trace.db")));
            } catch (IOException e) {
                System.err.println("volume benchmark: could not remove " + file + ": " + e.getMessage());
            }
        }
        restoreBufferPool();
        if (dropped) {
            say("cleaned up: table %s dropped%s", table, file != null && !fileExisted ? ", " + file
                    + " removed" : "");
        }
    }

    private void removeFileStoreFile() {
        if (!fileExisted) {
            try {
                Files.deleteIfExists(file);
                say("cleaned up: %s removed", file);
            } catch (IOException e) {
                System.err.println("volume benchmark: could not remove " + file + ": " + e.getMessage());
            }
        }
    }

    private void restoreBufferPool() {
        if (bufferPool == null) {
            return;
        }
        try {
            bufferPool.restore();
            say("innodb_buffer_pool_size is the server's own again: %,d bytes", bufferPool.original());
        } catch (SQLException | InterruptedException e) {
            System.err.printf(Locale.ROOT, "volume benchmark: could not restore innodb_buffer_pool_size, set it back by hand: "
                    + "SET GLOBAL innodb_buffer_pool_size = %d (%s)%n", bufferPool.original(), e.getMessage());
        }
    }
}
