package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Locale;

import javax.sql.DataSource;

/**
 * MariaDB's {@code innodb_buffer_pool_size} for a run of the volume benchmark: set to the size
 * asked for at the start (MariaDB resizes it online), back to the server's own value for the
 * second half of the purge and at the end. The setting is the server's, shared by every database
 * on it; the benchmark changes it only when told to ({@code --buffer-pool}).
 */
final class InnoDbBufferPool {

    private static final Duration RESIZE_WAIT = Duration.ofMinutes(3);

    private final DataSource connections;
    private final long original;

    private InnoDbBufferPool(DataSource connections, long original) {
        this.connections = connections;
        this.original = original;
    }

    /** Reads the server's own size, to restore it later. */
    static InnoDbBufferPool of(DataSource connections) throws SQLException {
        InnoDbBufferPool pool = new InnoDbBufferPool(connections, 0);
        return new InnoDbBufferPool(connections, pool.current());
    }

    long original() {
        return original;
    }

    /** Resizes the pool and waits until InnoDB has finished (a shrink writes the dirty pages out first). */
    long resize(long bytes) throws SQLException, InterruptedException {
        try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("SET GLOBAL innodb_buffer_pool_size = " + bytes);
            long until = System.nanoTime() + RESIZE_WAIT.toNanos();
            while (resizing(statement) && System.nanoTime() - until < 0) {
                Thread.sleep(200);
            }
        }
        return current();
    }

    void restore() throws SQLException, InterruptedException {
        if (current() != original) {
            resize(original);
        }
    }

    /**
     * Waits (at most {@link #RESIZE_WAIT}) until InnoDB has written out what the fill left: a redo
     * log near full makes every commit wait for page writes, which would be charged to the
     * phase that follows the fill rather than to its own work.
     */
    void settle() throws SQLException, InterruptedException {
        long until = System.nanoTime() + RESIZE_WAIT.toNanos();
        while (checkpointAge() > redoLogBytes() / 10 && System.nanoTime() - until < 0) {
            Thread.sleep(500);
        }
    }

    /** What InnoDB did over a phase: its reads from disk, page writes, and the redo log's fill at the end. */
    String activitySince(long[] before) throws SQLException {
        long[] now = counters();
        return String.format(Locale.ROOT, "%,d pages read from disk, %,d pages written, redo log %d %% full",
                now[0] - before[0], now[1] - before[1], checkpointAge() * 100 / redoLogBytes());
    }

    long[] counters() throws SQLException {
        return new long[] {status("Innodb_buffer_pool_reads"), status("Innodb_buffer_pool_pages_flushed")};
    }

    private long checkpointAge() throws SQLException {
        return status("Innodb_checkpoint_age");
    }

    private long redoLogBytes() throws SQLException {
        return query("SELECT @@GLOBAL.innodb_log_file_size");
    }

    private long status(String name) throws SQLException {
        return query("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = '"
                + name.toUpperCase(Locale.ROOT) + "'");
    }

    private long query(String sql) throws SQLException {
        try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement();
                ResultSet value = statement.executeQuery(sql)) {
            return value.next() ? value.getLong(1) : 0;
        }
    }

    private static boolean resizing(Statement statement) throws SQLException {
        try (ResultSet status = statement.executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'")) {
            if (!status.next()) {
                return false;
            }
            String text = status.getString(2);
            return text != null && !text.isEmpty() && !text.toLowerCase(Locale.ROOT).contains("complet");
        }
    }

    private long current() throws SQLException {
        return query("SELECT @@GLOBAL.innodb_buffer_pool_size");
    }
}
