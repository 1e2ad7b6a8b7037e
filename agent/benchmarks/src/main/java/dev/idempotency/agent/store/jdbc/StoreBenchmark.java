package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.GroupCommit;
import dev.idempotency.agent.store.jdbc.h2.GroupCommitWriter;
import dev.idempotency.agent.store.jdbc.grouped.GroupedWrites;
import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;
import dev.idempotency.agent.store.jdbc.postgres.PostgresDialect;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredResponse;

/**
 * The store against the raw limit of its database, in one run: {@link #claimAndComplete} is what
 * a request with a new key costs, {@link #replay} what a retry of a completed one costs, and
 * {@link #rawInsertUpdate} is a plain INSERT and UPDATE of the same row on the same pool, and
 * {@link #rawInsert} the INSERT alone (the floor of a new key: one durable single-row write);
 * {@link #storeThenRaw} runs the first and the last in turns and prints the ratio of their times.
 * Databases are named by system properties {@code idempotency.bench.<postgres|mariadb>.url}.
 *
 * <p>{@link #writes} picks the store's write strategy, so strategies are compared in one run:
 * {@code default} (what the dialect uses), {@code group} (the group-commit writer),
 * {@code plain} (a commit per write, replays read first), {@code grouped} and {@code grouped-N}
 * (MariaDB only: claims and completions sharing statements, as many in flight as the pool has
 * connections, or N). At the end of a trial the commits per operation of a group-commit writer or
 * of the grouped statements are printed (unlike ops/s they do not depend on the machine's load),
 * and the p50 and p99 latency of an operation in the measured iterations.
 */
@BenchmarkMode(Mode.Throughput)
@State(Scope.Benchmark)
public class StoreBenchmark {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);
    private static final int REPLAY_KEYS = 2_000;
    public static final StoredResponse RESPONSE = new StoredResponse(201,
            Map.of("Content-Type", List.of("application/json"), "Location", List.of("/orders/42")),
            ("{\"id\":42,\"status\":\"created\",\"items\":[{\"sku\":\"A-1\",\"quantity\":2}],"
                    + "\"total\":{\"amount\":\"19.90\",\"currency\":\"EUR\"}}").getBytes(StandardCharsets.UTF_8),
            true);

    @Param({"h2", "postgres", "mariadb"})
    public String database;

    @Param({"8"})
    public int poolSize;

    @Param({"default"})
    public String writes;

    private final LongAdder operations = new LongAdder();
    /** {@link #storeThenRaw}: the time of each half in the measured iterations. */
    private final LongAdder storeNanos = new LongAdder();
    private final LongAdder rawNanos = new LongAdder();
    /** The writer's counts once the replay keys are in place, so only the measured operations count. */
    private long setupBatches;
    private long setupStatements;
    /** Each thread's latencies, collected at the end of the trial. */
    private final Queue<Keys> threads = new ConcurrentLinkedQueue<>();
    private volatile boolean measuring;

    private JdbcIdempotencyStore store;
    private StoreSettings settings;
    private Path h2Directory;
    private String rawInsert;

    @Setup(Level.Trial)
    public void open(BenchmarkParams benchmark) throws IOException {
        String table = "bench_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        settings = settingsFor(database).withTable(table).withPoolSize(poolSize);
        store = JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()), this::strategy);
        TableSql sql = store.tableSql();
        rawInsert = "INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues + ")";
        // Only replays need completed keys; the other benchmarks start sooner without them.
        int replayKeys = benchmark.getBenchmark().endsWith(".replay") ? REPLAY_KEYS : 0;
        for (int i = 0; i < replayKeys; i++) {
            ClaimResult claim = store.claim(request("replay-" + i));
            store.complete("bench", "replay-" + i, claim.record().fencingToken(), RESPONSE, TTL);
        }
        setupBatches = writer().map(GroupCommitWriter::batchesCommitted).orElse(0L);
        setupStatements = groupedStatements();
    }

    /** Latencies count in the measured iterations only. */
    @Setup(Level.Iteration)
    public void iteration(IterationParams iteration) {
        measuring = iteration.getType() == IterationType.MEASUREMENT;
    }

    private Optional<GroupCommitWriter> writer() {
        return Optional.of(store.writeStrategy()).filter(GroupCommit.class::isInstance)
                .map(writes -> ((GroupCommit) writes).writer);
    }

    private Optional<GroupedWrites> grouped() {
        return Optional.of(store.writeStrategy()).filter(GroupedWrites.class::isInstance).map(GroupedWrites.class::cast);
    }

    private long groupedStatements() {
        return grouped().map(writes -> writes.claims.statements() + writes.completions.statements()).orElse(0L);
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        if (grouped().isPresent()) {
            System.out.printf(Locale.ROOT, "%n[grouped] %s %s: %,d statements for %,d operations (warm-up included): "
                    + "%.3f statements (each its own commit) per operation; claims: %s; completions: %s%n", database, writes,
                    groupedStatements() - setupStatements, operations.sum(),
                    (double) (groupedStatements() - setupStatements) / Math.max(1, operations.sum()),
                    grouped().get().claims, grouped().get().completions);
        }
        if (rawNanos.sum() > 0) {
            System.out.printf(Locale.ROOT, "%n[store/raw] %s %s %d threads: claim+complete takes %.2f times the time "
                    + "of the raw INSERT+UPDATE beside it (store/raw throughput %.2f)%n", database, writes, threads.size(),
                    (double) storeNanos.sum() / rawNanos.sum(), (double) rawNanos.sum() / storeNanos.sum());
        }
        long[] latencies = threads.stream().flatMapToLong(Keys::latencies).sorted().toArray();
        if (latencies.length > 0) {
            System.out.printf(Locale.ROOT, "%n[latency] %s %s %d threads: p50 %.2f ms, p99 %.2f ms (%,d operations)%n",
                    database, writes, threads.size(), latencies[latencies.length / 2] / 1e6,
                    latencies[(int) (latencies.length * 0.99)] / 1e6, latencies.length);
        }
        writer().ifPresent(writer -> System.out.printf(Locale.ROOT,
                "%n[writer] %s %s: %,d commits for %,d operations (warm-up included): %.3f commits per "
                        + "operation, largest batch %d%n", database, writes, writer.batchesCommitted() - setupBatches,
                operations.sum(), (double) (writer.batchesCommitted() - setupBatches) / Math.max(1, operations.sum()),
                writer.largestBatch()));
        try (Connection connection = store.dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE " + settings.table());
            statement.execute("DROP TABLE " + settings.table() + "_meta");
        }
        store.close();
        if (h2Directory != null) {
            try (Stream<Path> files = Files.walk(h2Directory)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    /** Each benchmark thread's own key sequence. */
    @State(Scope.Thread)
    public static class Keys {
        private final String prefix = UUID.randomUUID().toString().substring(0, 8) + "-";
        private long next;
        private int replay = (int) (Math.random() * REPLAY_KEYS);
        private StoreBenchmark benchmark;
        private long[] latencies = new long[1 << 14];
        private int recorded;

        @Setup(Level.Trial)
        public void register(StoreBenchmark benchmark) {
            this.benchmark = benchmark;
            benchmark.threads.add(this);
        }

        void record(long started) {
            if (benchmark.measuring) {
                if (recorded == latencies.length) {
                    latencies = Arrays.copyOf(latencies, recorded * 2);
                }
                latencies[recorded++] = System.nanoTime() - started;
            }
        }

        LongStream latencies() {
            return Arrays.stream(latencies, 0, recorded);
        }

        String fresh() {
            return prefix + next++;
        }

        String completed() {
            replay = (replay + 1) % REPLAY_KEYS;
            return "replay-" + replay;
        }
    }

    @Benchmark
    public boolean claimAndComplete(Keys keys) {
        String key = keys.fresh();
        operations.increment();
        long started = System.nanoTime();
        ClaimResult claim = store.claim(request(key));
        boolean completed = store.complete("bench", key, claim.record().fencingToken(), RESPONSE, TTL);
        keys.record(started);
        return completed;
    }

    /**
     * {@link #claimAndComplete} and {@link #rawInsertUpdate} in turns on every thread, each timed:
     * on a loaded machine both halves meet the same load, so the ratio of their times (printed at
     * the end of the trial) moves far less than the ratio of two trials run one after the other.
     */
    @Benchmark
    public int storeThenRaw(Keys keys) throws SQLException {
        long started = System.nanoTime();
        boolean completed = claimAndComplete(keys);
        long between = System.nanoTime();
        int updated = rawInsertUpdate(keys);
        if (measuring) {
            storeNanos.add(between - started);
            rawNanos.add(System.nanoTime() - between);
        }
        return updated + (completed ? 1 : 0);
    }

    @Benchmark
    public ClaimResult replay(Keys keys) {
        operations.increment();
        long started = System.nanoTime();
        ClaimResult replay = store.claim(request(keys.completed()));
        keys.record(started);
        return replay;
    }

    /**
     * The floor of a new key: one durable single-row write (a plain INSERT of a claim's row,
     * committed), the least a claim can cost before the handler runs.
     */
    @Benchmark
    public int rawInsert(Keys keys) throws SQLException {
        return insertClaimRow(keys.fresh());
    }

    @Benchmark
    public int rawInsertUpdate(Keys keys) throws SQLException {
        String key = keys.fresh();
        insertClaimRow(key);
        try (Connection connection = store.dataSource().getConnection();
                PreparedStatement update = connection.prepareStatement(store.tableSql().complete)) {
            update.setInt(1, RESPONSE.status());
            update.setString(2, HeadersJson.write(RESPONSE.headers()));
            update.setBytes(3, RESPONSE.body());
            update.setBoolean(4, true);
            update.setLong(5, TTL.toMillis());
            update.setString(6, "bench");
            update.setString(7, key);
            update.setLong(8, 1);
            return update.executeUpdate();
        }
    }

    private int insertClaimRow(String key) throws SQLException {
        try (Connection connection = store.dataSource().getConnection();
                PreparedStatement insert = connection.prepareStatement(rawInsert)) {
            TableSql.bindClaim(insert, 1, request(key), 1);
            return insert.executeUpdate();
        }
    }

    private WriteStrategy strategy(RecordTable table, StoreSettings settings, long waitMillis) {
        switch (writes) {
            case "default":
                return table.dialect.writeStrategy(table, settings, waitMillis);
            case "group":
                return new GroupCommit(table, waitMillis);
            case "plain":
                return new CommitPerWrite(table);
            case "grouped":
                return groupedWrites(table, poolSize, waitMillis);
            default:
                if (writes.startsWith("grouped-")) {
                    return groupedWrites(table, Integer.parseInt(writes.substring("grouped-".length())), waitMillis);
                }
                throw new IllegalArgumentException("unknown write strategy " + writes);
        }
    }

    private static GroupedWrites groupedWrites(RecordTable table, int inFlight, long waitMillis) {
        if (table.dialect instanceof MariaDbDialect) {
            return ((MariaDbDialect) table.dialect).groupedWrites(table, inFlight, waitMillis);
        }
        if (table.dialect instanceof PostgresDialect) {
            return ((PostgresDialect) table.dialect).groupedWrites(table, inFlight, waitMillis);
        }
        throw new IllegalArgumentException("grouped statements are PostgreSQL's and MariaDB's, not "
                + table.dialect.name() + "'s");
    }

    private static ClaimRequest request(String key) {
        return new ClaimRequest("bench", key, "create-order", "3f2a9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f",
                "bench-instance", "req-" + key, LEASE, TTL);
    }

    private StoreSettings settingsFor(String name) throws IOException {
        switch (name) {
            case "h2":
                h2Directory = Files.createTempDirectory("store-bench");
                return StoreSettings.forUrl("jdbc:h2:file:" + h2Directory.resolve("agent"));
            case "postgres":
                return server("postgres", "jdbc:postgresql://127.0.0.1:5432/test", "postgres");
            case "mariadb":
                return server("mariadb", "jdbc:mariadb://127.0.0.1:3306/test", "root");
            default:
                throw new IllegalArgumentException("unknown database " + name);
        }
    }

    private static StoreSettings server(String id, String url, String user) {
        return StoreSettings.forUrl(System.getProperty("idempotency.bench." + id + ".url", url))
                .withCredentials(System.getProperty("idempotency.bench." + id + ".user", user),
                        System.getProperty("idempotency.bench." + id + ".password", ""));
    }
}
