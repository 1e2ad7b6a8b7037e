package dev.idempotency.agent.store.jdbc;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.h2.mvstore.MVStore;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.mvstore.FileStoreProbe;
import dev.idempotency.agent.store.mvstore.FileStores;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The store at volume, on the user's own database: claim+complete and replay latency on the
 * empty table, then after bulk-filling it to each size with records shaped like real ones (the
 * same harness), the bytes on disk per record, and the purge of expired records with claims
 * running beside it. Bounded in time ({@code --max-minutes}) and disk (refuses to start without
 * room for what it will write); its table is dropped at the end, also after a failure or Ctrl-C.
 * Run it with {@code agent/benchmarks/volume.sh --url ... --records 1000000}; with
 * {@code --churn <live records>} it runs {@link VolumeChurn} instead of the fill. A
 * {@code mvstore:} URL (the file store, no SQL) is filled through the store's own calls instead,
 * then measured the same way ({@link #fileStore}); {@code -Dvolume.retention-ms=N} sets its
 * MVStore retention for the run.
 */
public final class VolumeBenchmark {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final int REPLAY_KEYS = 2_000;
    private static final int PURGE_BATCH = 500;
    /** Connections filling at once: the database does the work, two keep both of its cores busy. */
    private static final int FILL_THREADS = 2;
    private static final int PROGRESS_SECONDS = 30;
    /** The answer of a new key: the same as the store benchmark's. */
    private static final StoredResponse RESPONSE = StoreBenchmark.RESPONSE;

    private final VolumeOptions options;
    private final StoreSettings settings;
    private final Dialect dialect;
    /** Of the fill, then of the purge: each gets {@code --max-minutes}. */
    private long deadline;
    private final List<String> report = new ArrayList<>();
    private JdbcIdempotencyStore store;
    /** The store the claims, replays and purges go to: {@link #store}, or the file store. */
    private IdempotencyStore requests;
    private InnoDbBufferPool bufferPool;
    private Path h2File;
    private boolean h2FileExisted;
    private final AtomicBoolean cleanedUp = new AtomicBoolean();

    private VolumeBenchmark(VolumeOptions options) {
        this.options = options;
        this.settings = StoreSettings.forUrl(options.url).withCredentials(options.user, options.password)
                .withTable("idem_vol_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8))
                .withPoolSize(Math.max(8, options.threads));
        this.dialect = FileStores.handles(options.url) ? null : Dialect.forUrl(options.url);
        this.deadline = System.nanoTime() + options.maxTime.toNanos();
    }

    public static void main(String[] args) throws Exception {
        VolumeOptions options;
        try {
            options = VolumeOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("volume benchmark: " + e.getMessage());
            System.exit(2);
            return;
        }
        VolumeBenchmark benchmark = new VolumeBenchmark(options);
        if (!benchmark.enoughDisk()) {
            System.exit(3);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(benchmark::cleanUp, "volume-cleanup"));
        try {
            benchmark.run();
        } finally {
            benchmark.cleanUp();
        }
        benchmark.report.forEach(System.out::println);
    }

    private void run() throws Exception {
        if (dialect == null) {
            fileStore();
            return;
        }
        h2File = dialect instanceof H2Dialect ? H2Dialect.databaseFile(options.url) : null;
        h2FileExisted = h2File != null && Files.exists(h2File);
        if (options.mariaDbLayout > 0) {
            createMariaDbTable(options.mariaDbLayout);
        }
        store = JdbcStores.open(settings, dialect);
        requests = store;
        TableSql sql = store.tableSql();
        say("table %s on %s, %d threads, %d s per phase after %d s warm-up, bodies %d-%d B, %.0f %% in progress, "
                + "TTL %s", sql.table, dialect.name(), options.threads, options.phase.toSeconds(), options.warmUp.toSeconds(),
                options.bodyMin, options.bodyMax, options.inProgress * 100, options.ttl);
        if (options.bufferPoolBytes > 0) {
            sizeBufferPool();
        }
        if (options.churnLive > 0) {
            churn();
            return;
        }
        LatencyHarness harness = new LatencyHarness(options.threads, options.warmUp);
        for (int i = 0; i < REPLAY_KEYS; i++) {
            ClaimResult claim = store.claim(request("replay-" + i));
            store.complete("", "replay-" + i, claim.record().fencingToken(), RESPONSE, options.ttl);
        }
        LatencyHarness.Result emptyClaims = harness.run("empty: claim+complete", options.phase, () -> false,
                (thread, n) -> claimAndComplete());
        LatencyHarness.Result emptyReplays = harness.run("empty: replay", options.phase, () -> false,
                (thread, n) -> replay("replay-" + ThreadLocalRandom.current().nextInt(REPLAY_KEYS)));
        say("%s  (load %.1f)", emptyClaims, load());
        say("%s  (load %.1f)", emptyReplays, load());
        DataSource filler = fillerConnections();
        BulkFill fill = new BulkFill(sql, options);
        long filled = 0;
        List<String> rows = new ArrayList<>();
        rows.add("| records | claim+complete p50 / p99 ms | ops/s | p99 / empty | replay p50 / p99 ms | ops/s | p99 / empty "
                + "| bytes on disk | bytes per record |");
        rows.add("|---|---|---|---|---|---|---|---|---|");
        rows.add(row("0 (+" + REPLAY_KEYS + ")", emptyClaims, emptyClaims, emptyReplays, emptyReplays, -1, -1));
        LatencyHarness.Result lastClaims = emptyClaims;
        for (long size : options.records) {
            long started = System.nanoTime();
            long reached = fill(filler, fill, filled, size, false);
            double seconds = (System.nanoTime() - started) / 1e9;
            say("filled %,d records in %.0f s (%,.0f records/s)", reached - filled, seconds, (reached - filled) / seconds);
            filled = reached;
            if (reached < size) {
                say("stopped filling at the time limit (--max-minutes %d): measuring at %,d records", options.maxTime.toMinutes(),
                        reached);
            }
            long bytes = bytesOnDisk(filler);
            long count = count(filler);
            long filledTo = filled;
            LatencyHarness.Result claims = harness.run(String.format(Locale.ROOT, "%,d: claim+complete", filled),
                    options.phase, () -> false, (thread, n) -> claimAndComplete());
            LatencyHarness.Result replays = harness.run(String.format(Locale.ROOT, "%,d: replay", filled), options.phase,
                    () -> false, (thread, n) -> replayFilled(fill, filledTo));
            say("%s  (load %.1f)", claims, load());
            say("%s  (load %.1f)", replays, load());
            say("%,d bytes on disk for %,d records: %,d bytes per record", bytes, count, bytes / Math.max(1, count));
            rows.add(row(String.format(Locale.ROOT, "%,d", filled), claims, emptyClaims, replays, emptyReplays, bytes,
                    bytes / Math.max(1, count)));
            lastClaims = claims;
            if (reached < size) {
                break;
            }
        }
        report.add("");
        report.addAll(rows);
        if (options.migrate) {
            migrate(filler, filled);
        }
        long expired = (long) (filled * options.expiredShare);
        if (expired > 0) {
            deadline = System.nanoTime() + options.maxTime.toNanos();
            purge(filler, fill, expired, lastClaims);
        }
    }

    /** The table in the layout of the version given, recorded as that version, before the store opens it. */
    private void createMariaDbTable(int version) throws SQLException {
        if (!(dialect instanceof MariaDbDialect)) {
            throw new IllegalArgumentException("--mariadb-layout is for MariaDB; this is " + dialect.name());
        }
        MariaDbDialect mariaDb = (MariaDbDialect) dialect;
        try (Connection connection = fillerConnections().getConnection(); Statement statement = connection.createStatement()) {
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
    private void migrate(DataSource filler, long filled) throws Exception {
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
                "claim+complete during the migration", options.maxTime, done::get, (thread, n) -> claimAndComplete());
        alter.join();
        if (!failure.isEmpty()) {
            throw failure.get(0);
        }
        long bytes = bytesOnDisk(filler);
        say("migrated %,d records to version %d in %.1f s; %,d bytes on disk after  (load %.1f)", filled,
                MariaDbDialect.VERSION, nanos[0] / 1e9, bytes, load());
        say("%s  (load %.1f)", claims, load());
        report.add("");
        report.add(String.format(Locale.ROOT, "migration to version %d: %,d records in %.1f s, claim+complete beside it "
                + "p50 / p99 %.2f / %.2f ms, longest %.0f ms", MariaDbDialect.VERSION, filled, nanos[0] / 1e9,
                claims.p50Millis, claims.p99Millis, claims.maxMillis));
    }

    private void sizeBufferPool() throws SQLException, InterruptedException {
        if (!(dialect instanceof MariaDbDialect)) {
            throw new IllegalArgumentException("--buffer-pool is MariaDB's innodb_buffer_pool_size; this is " + dialect.name());
        }
        bufferPool = InnoDbBufferPool.of(fillerConnections());
        long size = bufferPool.resize(options.bufferPoolBytes);
        say("innodb_buffer_pool_size %,d bytes for the run (the server's own: %,d, restored for the purge's second "
                + "half and at the end)", size, bufferPool.original());
    }

    /** Steady churn instead of the fill phases; see {@link VolumeChurn}. */
    private void churn() throws InterruptedException {
        DataSource connections = fillerConnections();
        VolumeChurn.Footprint footprint = new VolumeChurn.Footprint() {
            @Override
            public long records() throws SQLException {
                return count(connections);
            }

            @Override
            public long bytesOnDisk() throws SQLException {
                return VolumeBenchmark.this.bytesOnDisk(connections);
            }

            @Override
            public long liveBytes() throws SQLException {
                try (Connection connection = connections.getConnection()) {
                    MVStore file = H2Files.mvStore(connection);
                    return file == null ? -1 : H2Files.liveBytes(file);
                }
            }
        };
        report.add("");
        report.addAll(new VolumeChurn(store, footprint, options, churnResponses(),
                () -> VolumeChurn.h2Compaction(store)).run());
    }

    /**
     * The file store: the churn as for H2 (live bytes from the same MVStore layout), or the
     * largest size filled through the store's own claims and completions (new keys, the run's
     * TTL), claim+complete measured, then the expired share added the same way (a TTL of 1 ms)
     * and purged beside claims.
     */
    private void fileStore() throws Exception {
        h2File = FileStores.storeFile(options.url);
        h2FileExisted = Files.exists(h2File);
        IdempotencyStore file = FileStoreProbe.open(settings, Integer.getInteger("volume.retention-ms", -1));
        requests = file;
        say("file store %s, %d threads, bodies %d-%d B", h2File, options.threads, options.bodyMin, options.bodyMax);
        if (options.churnLive > 0) {
            VolumeChurn.Footprint footprint = new VolumeChurn.Footprint() {
                @Override
                public long records() {
                    return file.footprint().records();
                }

                @Override
                public long bytesOnDisk() {
                    return file.footprint().bytesOnDisk();
                }

                @Override
                public long liveBytes() {
                    return H2Files.liveBytes(FileStoreProbe.mvStore(file));
                }
            };
            report.add("");
            report.addAll(new VolumeChurn(file, footprint, options, churnResponses(),
                    () -> FileStoreProbe.compaction(file)).run());
            return;
        }
        long size = options.largest();
        long started = System.nanoTime();
        fillThroughStore(size, options.ttl);
        say("filled %,d records through the store in %.0f s", size, (System.nanoTime() - started) / 1e9);
        LatencyHarness.Result claims = new LatencyHarness(options.threads, options.warmUp).run(
                String.format(Locale.ROOT, "%,d: claim+complete", size), options.phase, () -> false,
                (thread, n) -> claimAndComplete());
        say("%s  (load %.1f)", claims, load());
        long records = file.footprint().records();
        long bytes = file.footprint().bytesOnDisk();
        say("%,d bytes on disk for %,d records: %,d bytes per record", bytes, records, bytes / Math.max(1, records));
        long expired = (long) (size * options.expiredShare);
        fillThroughStore(expired, Duration.ofMillis(1));
        purgeBeside(claims, expired);
        report.add("");
        report.add(FileStoreProbe.compaction(file));
    }

    /** {@code count} new keys claimed and completed through the store on the run's threads, bodies drawn as the churn's. */
    private void fillThroughStore(long count, Duration ttl) throws InterruptedException {
        StoredResponse[] responses = churnResponses();
        AtomicLong next = new AtomicLong();
        List<Thread> fillers = new ArrayList<>();
        for (int t = 0; t < Math.max(4, options.threads); t++) {
            Thread filler = new Thread(() -> {
                for (long i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    String key = UUID.randomUUID().toString();
                    ClaimResult claim = requests.claim(request(key));
                    requests.complete("", key, claim.record().fencingToken(), responses[(int) (i % responses.length)],
                            ttl);
                }
            }, "volume-fill-" + t);
            filler.start();
            fillers.add(filler);
        }
        for (Thread filler : fillers) {
            filler.join();
        }
    }

    /** Answers with bodies drawn between the options' bounds, cycled through by the churn. */
    private StoredResponse[] churnResponses() {
        SplittableRandom random = new SplittableRandom(7);
        StoredResponse[] responses = new StoredResponse[64];
        byte[] text = BulkFill.text(1 << 16);
        for (int i = 0; i < responses.length; i++) {
            int length = options.bodyMin + random.nextInt(options.bodyMax - options.bodyMin + 1);
            int start = random.nextInt(text.length - length);
            responses[i] = new StoredResponse(RESPONSE.status(), RESPONSE.headers(),
                    Arrays.copyOfRange(text, start, start + length), true);
        }
        return responses;
    }

    /** Expired records added at once, then purged in the keeper's batches while claims run beside it. */
    private void purge(DataSource filler, BulkFill fill, long expired, LatencyHarness.Result before) throws Exception {
        if (fill(filler, fill, 0, expired, true) < expired) {
            say("stopped adding expired records at the time limit");
            return;
        }
        purgeBeside(before, expired);
    }

    /**
     * Purges what has expired in the keeper's batches while claims run beside it: on MariaDB with
     * {@code --buffer-pool}, the same records half with the pool sized for the run and half with the
     * server's own.
     */
    private void purgeBeside(LatencyHarness.Result before, long expired) throws Exception {
        report.add("");
        report.add("| purge | records | seconds | records/s | claim+complete p99 during / before (ms) | ratio |");
        report.add("|---|---|---|---|---|---|");
        if (bufferPool == null) {
            report.add(purgeRound("batches of " + PURGE_BATCH, Long.MAX_VALUE, before));
            return;
        }
        report.add(purgeRound(String.format(Locale.ROOT, "batches of %d, buffer pool %,d MB", PURGE_BATCH,
                options.bufferPoolBytes >> 20), expired / 2, before));
        long size = bufferPool.resize(bufferPool.original());
        say("innodb_buffer_pool_size back to the server's own %,d bytes  (load %.1f)", size, load());
        report.add(purgeRound(String.format(Locale.ROOT, "batches of %d, buffer pool %,d MB", PURGE_BATCH, size >> 20),
                Long.MAX_VALUE, before));
    }

    /** Purges in the keeper's batches until none are left or {@code limit} are gone, claims beside it; the report's row. */
    private String purgeRound(String name, long limit, LatencyHarness.Result before) throws Exception {
        long[] innoDbBefore = null;
        // On MariaDB InnoDB's reads and writes during the purge are told in any case; the wait for the redo log only
        // with --buffer-pool, as before.
        InnoDbBufferPool innoDb = bufferPool != null ? bufferPool
                : dialect instanceof MariaDbDialect ? InnoDbBufferPool.of(fillerConnections()) : null;
        if (bufferPool != null) {
            bufferPool.settle();
        }
        if (innoDb != null) {
            innoDbBefore = innoDb.counters();
        }
        AtomicLong purged = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        long[] purgeNanos = new long[1];
        Thread purger = new Thread(() -> {
            long started = System.nanoTime();
            try {
                int deleted;
                do {
                    deleted = requests.purgeExpired(PURGE_BATCH);
                } while (deleted > 0 && purged.addAndGet(deleted) < limit && System.nanoTime() - deadline < 0);
            } finally {
                purgeNanos[0] = System.nanoTime() - started;
                done.set(true);
            }
        }, "volume-purge");
        LatencyHarness duringPurge = new LatencyHarness(options.threads, Duration.ZERO);
        H2FileCompaction compaction = VolumeChurn.compaction(store);
        long stepsBefore = compaction == null ? 0 : compaction.steps();
        long stepNanosBefore = compaction == null ? 0 : compaction.totalStepNanos();
        long movesBefore = compaction == null ? 0 : compaction.moves();
        purger.start();
        LatencyHarness.Result claims = duringPurge.run("claim+complete during purge", options.maxTime, done::get,
                (thread, n) -> claimAndComplete());
        purger.join();
        double seconds = purgeNanos[0] / 1e9;
        say("%s: purged %,d expired records in %.1f s: %,.0f records/s", name, purged.get(), seconds,
                purged.get() / seconds);
        say("%s  (load %.1f)", claims, load());
        if (compaction != null) {
            say("compaction during the purge: %,d steps (%,d moving chunks), %.0f ms in all, the longest so far %.2f ms",
                    compaction.steps() - stepsBefore, compaction.moves() - movesBefore,
                    (compaction.totalStepNanos() - stepNanosBefore) / 1e6, compaction.longestStepNanos() / 1e6);
        }
        if (innoDbBefore != null) {
            say("InnoDB meanwhile: %s", innoDb.activitySince(innoDbBefore));
        }
        return String.format(Locale.ROOT, "| %s | %,d | %.1f | %,.0f | %.2f / %.2f | %.2f |", name, purged.get(), seconds,
                purged.get() / seconds, claims.p99Millis, before.p99Millis, claims.p99Millis / before.p99Millis);
    }

    /**
     * Rows {@code from} to {@code to} in chunks of {@link BulkFill#CHUNK}, taken in turn by
     * {@value #FILL_THREADS} connections; reports progress every {@value #PROGRESS_SECONDS} s. Past
     * the deadline no chunk is begun: returns the end of the rows filled, {@code to} unless the
     * deadline came first.
     */
    private long fill(DataSource filler, BulkFill fill, long from, long to, boolean expired) throws Exception {
        AtomicLong next = new AtomicLong(from);
        AtomicLong inserted = new AtomicLong();
        List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < FILL_THREADS; t++) {
            Thread thread = new Thread(() -> {
                try (Connection connection = filler.getConnection()) {
                    while (failures.isEmpty() && System.nanoTime() - deadline < 0) {
                        long start = next.getAndAdd(BulkFill.CHUNK);
                        if (start >= to) {
                            return;
                        }
                        long end = Math.min(to, start + BulkFill.CHUNK);
                        fill.insert(connection, start, end, expired);
                        inserted.addAndGet(end - start);
                    }
                } catch (SQLException | RuntimeException e) {
                    failures.add(e);
                }
            }, "volume-fill-" + t);
            thread.start();
            threads.add(thread);
        }
        long started = System.nanoTime();
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                thread.join(PROGRESS_SECONDS * 1_000L);
                if (thread.isAlive()) {
                    double seconds = (System.nanoTime() - started) / 1e9;
                    say("  %,d of %,d %srecords in %.0f s (%,.0f records/s, load %.1f)", inserted.get(), to - from,
                            expired ? "expired " : "", seconds, inserted.get() / seconds, load());
                }
            }
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        // Every chunk handed out below the end was filled: the rows are from..min(to, next) without a gap.
        return Math.min(to, next.get());
    }

    private void claimAndComplete() {
        String key = UUID.randomUUID().toString();
        ClaimResult claim = requests.claim(request(key));
        if (!claim.claimed() || !requests.complete("", key, claim.record().fencingToken(), RESPONSE, options.ttl)) {
            throw new AssertionError("a new key was not claimed and completed: " + key);
        }
    }

    private void replayFilled(BulkFill fill, long filled) {
        long i;
        do {
            i = ThreadLocalRandom.current().nextLong(filled);
        } while (!fill.completed(i));
        replay(BulkFill.key(i, false));
    }

    /** A replay; a record that expired since the fill is claimed anew, as it would be in service. */
    private void replay(String key) {
        requests.claim(request(key));
    }

    private ClaimRequest request(String key) {
        return new ClaimRequest("", key, "POST /orders", "3f2a9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f",
                "volume-benchmark", "req-" + key, LEASE, options.ttl);
    }

    private long bytesOnDisk(DataSource filler) throws SQLException {
        try (Connection connection = filler.getConnection()) {
            if (dialect instanceof MariaDbDialect) {
                try (Statement statement = connection.createStatement()) {
                    // InnoDB's size figures are statistics: refreshed here so they count the rows just added.
                    statement.execute("ANALYZE TABLE " + settings.table());
                }
            }
            return dialect.bytesOnDisk(connection, store.tableSql(), options.url);
        }
    }

    private long count(DataSource filler) throws SQLException {
        try (Connection connection = filler.getConnection();
                Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + settings.table())) {
            count.next();
            return count.getLong(1);
        }
    }

    /** Connections for the bulk fill: their own, with time for a chunk on a busy server. */
    private DataSource fillerConnections() {
        StoreSettings patient = settings.withStatementTimeout(Duration.ofMinutes(2));
        Properties properties = dialect.connectionProperties(patient);
        properties.setProperty("user", options.user);
        properties.setProperty("password", options.password);
        return new DriverDataSource(dialect.driverClassName(), dialect.normaliseUrl(options.url), properties);
    }

    /**
     * Refuses to start when the disk that will hold the table has less room than the records are
     * assumed to take (with a margin); a server on another host has its disk checked by its owner.
     */
    private boolean enoughDisk() throws IOException {
        long perRecord = options.assumedBytesPerRecord > 0 ? options.assumedBytesPerRecord
                : dialect == null || dialect instanceof H2Dialect ? 12_000 : dialect instanceof MariaDbDialect ? 3_000 : 2_500;
        long records = options.churnLive > 0 ? options.churnWritten() : options.largest() + options.expired();
        long needed = records * perRecord + records * perRecord / 4 + (1L << 30);
        Path where = options.diskPath;
        if (where == null && dialect == null) {
            where = FileStores.storeFile(options.url).toAbsolutePath().getParent();
        }
        if (where == null && dialect instanceof H2Dialect) {
            Path file = H2Dialect.databaseFile(options.url);
            where = file == null ? null : file.toAbsolutePath().getParent();
        }
        if (where == null && local(options.url)) {
            where = Path.of(".").toAbsolutePath();
        }
        if (where == null) {
            System.err.printf(Locale.ROOT, "volume benchmark: the database's disk needs about %,d MB free; not checked "
                    + "(a remote server: pass --disk-path to check a local path)%n", needed >> 20);
            return true;
        }
        Files.createDirectories(where);
        long free = Files.getFileStore(where).getUsableSpace();
        if (free < needed) {
            System.err.printf(Locale.ROOT, "volume benchmark: refusing to start: %,d records at about %,d bytes each need "
                    + "%,d MB free, %s has %,d MB (fewer --records, or --bytes-per-record if you know better)%n",
                    records, perRecord, needed >> 20, where, free >> 20);
            return false;
        }
        say("disk: %,d MB needed (%,d bytes per record assumed), %,d MB free at %s", needed >> 20, perRecord,
                free >> 20, where);
        return true;
    }

    private static boolean local(String url) {
        return url.contains("//127.0.0.1") || url.contains("//localhost") || url.contains("//[::1]");
    }

    /** Drops the table (and removes an H2 file this run created); once, whichever way the run ends. */
    private void cleanUp() {
        if (!cleanedUp.compareAndSet(false, true) || requests == null) {
            return;
        }
        if (store == null) {
            requests.close();
            removeFileStoreFile();
            return;
        }
        store.close();
        boolean dropped = false;
        // On a connection of its own with time to spare: dropping a table of millions of rows takes a while.
        try (Connection connection = fillerConnections().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + settings.table());
            statement.execute("DROP TABLE IF EXISTS " + settings.table() + "_meta");
            dropped = true;
        } catch (SQLException e) {
            System.err.println("volume benchmark: could not drop " + settings.table() + " and " + settings.table()
                    + "_meta, drop them by hand: " + e.getMessage());
        }
        if (h2File != null && !h2FileExisted) {
            try {
                Files.deleteIfExists(h2File);
                Files.deleteIfExists(h2File.resolveSibling(h2File.getFileName().toString().replace(".mv.db", ".trace.db")));
            } catch (IOException e) {
                System.err.println("volume benchmark: could not remove " + h2File + ": " + e.getMessage());
            }
        }
        restoreBufferPool();
        if (dropped) {
            say("cleaned up: table %s dropped%s", settings.table(), h2File != null && !h2FileExisted ? ", " + h2File
                    + " removed" : "");
        }
    }

    private void removeFileStoreFile() {
        if (!h2FileExisted) {
            try {
                Files.deleteIfExists(h2File);
                say("cleaned up: %s removed", h2File);
            } catch (IOException e) {
                System.err.println("volume benchmark: could not remove " + h2File + ": " + e.getMessage());
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

    private static String row(String records, LatencyHarness.Result claims, LatencyHarness.Result emptyClaims,
            LatencyHarness.Result replays, LatencyHarness.Result emptyReplays, long bytes, long perRecord) {
        return String.format(Locale.ROOT, "| %s | %.2f / %.2f | %,.0f | %.2f | %.2f / %.2f | %,.0f | %.2f | %s | %s |", records,
                claims.p50Millis, claims.p99Millis, claims.opsPerSecond(), claims.p99Millis / emptyClaims.p99Millis,
                replays.p50Millis, replays.p99Millis, replays.opsPerSecond(), replays.p99Millis / emptyReplays.p99Millis,
                bytes < 0 ? "" : String.format(Locale.ROOT, "%,d", bytes), perRecord < 0 ? "" : String.format(Locale.ROOT,
                        "%,d", perRecord));
    }

    /** The machine's load average over the last minute: the phases' numbers depend on it on a shared machine. */
    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    private static void say(String format, Object... arguments) {
        System.out.printf(Locale.ROOT, "[volume] " + format + "%n", arguments);
    }
}
