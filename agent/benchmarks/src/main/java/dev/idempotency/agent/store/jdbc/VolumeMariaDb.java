package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.load;
import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;

/** The volume benchmark's MariaDB table layouts: a table of an earlier schema version, and its documented migration. */
final class VolumeMariaDb {

    /** The table's bytes on disk now. */
    interface BytesOnDisk {
        long get() throws SQLException;
    }

    private VolumeMariaDb() {
    }

    /** The table in the layout of the version given, recorded as that version, before the store opens it. */
    static void createTable(Dialect dialect, DataSource connections, StoreSettings settings, int version)
            throws SQLException {
        if (!(dialect instanceof MariaDbDialect)) {
            throw new IllegalArgumentException("--mariadb-layout is for MariaDB; this is " + dialect.name());
        }
        MariaDbDialect mariaDb = (MariaDbDialect) dialect;
        try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement()) {
            for (String ddl : mariaDb.createTable(settings.table(), version)) {
                statement.execute(ddl);
            }
            statement.execute(mariaDb.createMetaTable(settings.table() + "_meta"));
            statement.execute("INSERT INTO " + settings.table() + "_meta (id, schema_version) VALUES (1, " + version + ")");
        }
        say("table created in the layout of MariaDB schema version %d", version);
    }

    /**
     * The documented migration of a version 1 table to version 2, timed, with claim+complete beside
     * it (they wait while the ALTER holds writes); the purge that follows runs on the migrated table.
     */
    static List<String> migrate(DataSource filler, StoreSettings settings, VolumeOptions options, long filled,
            Runnable claimAndComplete, BytesOnDisk bytesOnDisk) throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        long[] nanos = new long[1];
        List<Exception> failure = Collections.synchronizedList(new ArrayList<>());
        Thread alter = new Thread(() -> {
            long started = System.nanoTime();
            try (Connection connection = filler.getConnection(); Statement statement = connection.createStatement()) {
                for (String sql : MariaDbDialect.migrationToVersion2(settings.table(), settings.table() + "_meta")) {
                    statement.execute(sql);
                }
            } catch (SQLException | RuntimeException e) {
                failure.add(e);
            } finally {
                nanos[0] = System.nanoTime() - started;
                done.set(true);
            }
        }, "volume-migrate");
        alter.start();
        LatencyHarness.Result claims = new LatencyHarness(options.threads, Duration.ZERO).run(
                "claim+complete during the migration", options.maxTime, done::get, (thread, n) -> claimAndComplete.run());
        alter.join();
        if (!failure.isEmpty()) {
            throw failure.get(0);
        }
        long bytes = bytesOnDisk.get();
        say("migrated %,d records to version %d in %.1f s; %,d bytes on disk after  (load %.1f)", filled,
                MariaDbDialect.VERSION, nanos[0] / 1e9, bytes, load());
        say("%s  (load %.1f)", claims, load());
        return Arrays.asList("", String.format(Locale.ROOT, "migration to version %d: %,d records in %.1f s, claim+complete beside it "
                + "p50 / p99 %.2f / %.2f ms, longest %.0f ms", MariaDbDialect.VERSION, filled, nanos[0] / 1e9,
                claims.p50Millis, claims.p99Millis, claims.maxMillis));
    }
}
