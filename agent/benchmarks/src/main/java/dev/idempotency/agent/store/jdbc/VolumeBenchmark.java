package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.store.jdbc.h2.H2Files;
import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.load;
import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
        this.dialect = FileStores.handles(options.url) ? null : JdbcStores.dialectFor(options.url);
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
        if (!VolumeDisk.enoughDisk(options, benchmark.dialect)) {
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
            VolumeMariaDb.createTable(dialect, fillerConnections(), settings, options.mariaDbLayout);
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
            long reached = VolumeFill.fill(filler, fill, filled, size, false, deadline);
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
            report.addAll(VolumeMariaDb.migrate(filler, settings, options, filled, this::claimAndComplete,
                    () -> bytesOnDisk(filler)));
        }
        long expired = (long) (filled * options.expiredShare);
        if (expired > 0) {
            deadline = System.nanoTime() + options.maxTime.toNanos();
            purge(filler, fill, expired, lastClaims);
        }
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
        int retentionMillis = Integer.getInteger("volume.retention-ms", -1);
        IdempotencyStore file = options.churnPrefill ? VolumePrefill.openFilled(settings, options, churnResponses(), retentionMillis)
                : FileStoreProbe.open(settings, retentionMillis);
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
        report.addAll(purging().rows(claims, expired));
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
        if (VolumeFill.fill(filler, fill, 0, expired, true, deadline) < expired) {
            say("stopped adding expired records at the time limit");
            return;
        }
        report.addAll(purging().rows(before, expired));
    }

    /** The purge beside claims, on this run's store. */
    private VolumePurge purging() throws SQLException {
        InnoDbBufferPool innoDb = bufferPool != null ? bufferPool
                : dialect instanceof MariaDbDialect ? InnoDbBufferPool.of(fillerConnections()) : null;
        return new VolumePurge(requests, store, options, bufferPool, innoDb, deadline, this::claimAndComplete);
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

    /** Drops the table (and removes a file this run created); once, whichever way the run ends. */
    private void cleanUp() {
        if (cleanedUp.compareAndSet(false, true) && requests != null) {
            new VolumeCleanup(settings.table(), h2File, h2FileExisted, bufferPool).clean(requests, store,
                    this::fillerConnections);
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
}
