package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;

/**
 * The store on a relational database through a connection pool. Each method is one short
 * transaction; times are the database's. Open it with {@link JdbcStores#open}.
 *
 * <p>Writes either commit on the caller's pooled connection, or, where the {@link WriteStrategy}
 * says so, are grouped: on H2 every write goes through a {@link GroupCommitWriter} that commits
 * concurrent callers' writes together; on a server database concurrent claims and completions
 * share one statement each ({@link GroupedStatement}), and the rarer writes commit alone. Either
 * way a method returns only once its write is durable. Reads use the pool.
 *
 * <p>A claim of a key whose record is COMPLETED and unexpired is answered from a plain read when
 * replays are read first: its attempt is counted in an {@link AttemptTally} and written with a
 * later batch, so the stored count may lag the requests seen by a moment (and loses the
 * unwritten counts if the JVM dies). Every other claim is the dialect's one atomic statement.
 */
public final class JdbcIdempotencyStore implements IdempotencyStore {

    /** A claim loses a race only to a row created or deleted at the same instant; a few rounds settle it. */
    private static final int CLAIM_ROUNDS = 8;
    /** Rows in one grouped statement: 9 parameters a claim, 8 a completion, far below any driver's limit. */
    static final int MAX_GROUPED_ROWS = 128;
    /** A replay's attempt count is written at most this long after it was answered. */
    private static final long ATTEMPT_FLUSH_DELAY_MILLIS = 50;
    /**
     * How long a replay waits for a flush of attempt counts under way to commit, so that its
     * number counts them once; past it, the replay is numbered as well as it can be.
     */
    private static final long ATTEMPT_FLUSH_WAIT_MILLIS = 200;
    /** Reads of a replay's attempt number that a flush may disturb before the last one is kept. */
    private static final int ATTEMPT_READS = 4;
    private static final Logger LOG = LoggerFactory.getLogger(JdbcIdempotencyStore.class);

    private final DataSource pool;
    private final AutoCloseable closePool;
    private final Dialect dialect;
    private final TableSql sql;
    private final String description;
    private final WriteStrategy strategy;
    private final AttemptTally unwrittenAttempts;
    /** Null unless the strategy groups commits. */
    private final GroupCommitWriter writer;
    /** Null unless the strategy groups statements: claims of several keys in one statement. */
    private final GroupedStatement<ClaimRows.NewClaim, ClaimResult> claimRows;
    /** Null unless the strategy groups statements: completions of several records in one statement. */
    private final GroupedStatement<CompletionRows.Completion, Boolean> completionRows;
    /** Writes replay counts when there is no group-commit writer; its thread ends when idle. */
    private final ScheduledThreadPoolExecutor attemptFlusher;
    private volatile boolean schemaReady;

    JdbcIdempotencyStore(DataSource pool, AutoCloseable closePool, Dialect dialect, StoreSettings settings,
            WriteStrategy strategy) {
        this.pool = pool;
        this.closePool = closePool;
        this.dialect = dialect;
        this.sql = new TableSql(settings.table(), dialect);
        this.description = dialect.name() + " store, " + settings.describe();
        this.strategy = strategy;
        this.unwrittenAttempts = new AttemptTally(sql);
        long waitMillis = settings.connectTimeout().plus(settings.statementTimeout()).toMillis();
        if (strategy.groupedStatementsInFlight > 0) {
            StatementSlots slots = new StatementSlots(strategy.groupedStatementsInFlight);
            this.claimRows = new GroupedStatement<>("claim", description,
                    new ClaimRows(this::writeConnection, dialect, sql), MAX_GROUPED_ROWS, slots, waitMillis);
            this.completionRows = new GroupedStatement<>("complete", description,
                    new CompletionRows(this::writeConnection, dialect, sql), MAX_GROUPED_ROWS, slots, waitMillis);
        } else {
            this.claimRows = null;
            this.completionRows = null;
        }
        if (strategy.groupCommit) {
            this.writer = new GroupCommitWriter(this::writeConnection, description, GroupCommitWriter.DEFAULT_MAX_BATCH,
                    waitMillis);
            this.attemptFlusher = null;
            unwrittenAttempts.flushWith(() -> {
                AttemptTally.Flush flush = unwrittenAttempts.flush();
                return writer.writeLater("count replays", flush::write, flush::end);
            });
        } else {
            this.writer = null;
            this.attemptFlusher = idleEndingThread("idempotency-attempts");
            unwrittenAttempts.flushWith(this::scheduleAttemptFlush);
        }
    }

    @Override
    public ClaimResult claim(ClaimRequest request) {
        boolean grouped = claimRows != null && dialect.claimsRowsTogether();
        if (sql.claimIfAbsent != null) {
            if (grouped) {
                ClaimResult fresh = claimRows.run(new ClaimRows.NewClaim(request, newToken()));
                if (fresh != null) {
                    return fresh;
                }
            } else {
                StoredRecord fresh = write("claim",
                        connection -> dialect.runClaim(connection, sql.claimIfAbsent, request, newToken()));
                if (fresh != null) {
                    return ClaimResult.claimed(fresh);
                }
            }
        }
        if (strategy.readFirstReplays) {
            long moment = unwrittenAttempts.moment(ATTEMPT_FLUSH_WAIT_MILLIS);
            Optional<StoredRecord> completed = run("claim", connection -> findReplay(connection, request));
            if (completed.isPresent()) {
                StoredRecord record = completed.get();
                int unwritten = unwrittenAttempts.count(record.scope(), record.key(), record.fencingToken());
                int attempts = record.attempts() + unwritten;
                if (!unwrittenAttempts.unchangedSince(moment)) {
                    attempts = attemptsReadAgain(record, attempts);
                }
                return ClaimResult.existing(RecordRows.withAttempts(record, attempts));
            }
        }
        if (grouped && sql.claimIfAbsent == null) {
            ClaimResult together = claimRows.run(new ClaimRows.NewClaim(request, newToken()));
            if (together != null) {
                return together;
            }
        }
        return write("claim", connection -> {
            SQLException lastRace = null;
            for (int round = 0; round < CLAIM_ROUNDS; round++) {
                try {
                    StoredRecord record = dialect.claim(connection, sql, request, newToken());
                    if (record != null) {
                        // attempts is 1 exactly when this statement created the record or replaced an expired one.
                        return record.attempts() == 1 ? ClaimResult.claimed(record) : ClaimResult.existing(record);
                    }
                } catch (SQLException e) {
                    if (!dialect.isDuplicateKey(e) && !dialect.isRetryable(e)) {
                        throw e;
                    }
                    lastRace = e;
                }
            }
            throw new SQLException("claim kept racing with concurrent changes of the same key", "40001", lastRace);
        });
    }

    @Override
    public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        return write("takeOver", connection -> Transactions.run(connection, () -> {
            try (PreparedStatement update = connection.prepareStatement(sql.takeOver)) {
                update.setString(1, request.owner());
                update.setLong(2, request.lease().toMillis());
                update.setString(3, request.requestId());
                update.setLong(4, request.ttl().toMillis());
                bindKeyAndToken(update, 5, request.scope(), request.key(), expectedToken);
                if (update.executeUpdate() == 0) {
                    return Optional.<StoredRecord>empty();
                }
            }
            return find(connection, request.scope(), request.key());
        }));
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return fencedChange("markUnknown", sql.markUnknown, scope, key, expectedToken);
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return fencedChange("giveUp", sql.giveUp, scope, key, fencingToken);
    }

    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        if (completionRows != null) {
            Boolean completed = completionRows.run(
                    new CompletionRows.Completion(scope, key, fencingToken, response, ttl));
            if (completed != null) {
                return completed;
            }
        }
        return write("complete", connection -> {
            try (PreparedStatement update = connection.prepareStatement(sql.complete)) {
                bindOutcome(update, response, ttl);
                bindKeyAndToken(update, 6, scope, key, fencingToken);
                return update.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
            Duration ttl, boolean evenIfLeaseLive) {
        return write("resolveComplete", connection -> {
            try (PreparedStatement update = connection.prepareStatement(sql.resolveComplete)) {
                bindOutcome(update, response, ttl);
                bindKeyAndToken(update, 6, scope, key, expectedToken);
                update.setInt(9, evenIfLeaseLive ? 1 : 0);
                return update.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        return write("resolveRelease", connection -> {
            try (PreparedStatement delete = connection.prepareStatement(sql.resolveRelease)) {
                bindKeyAndToken(delete, 1, scope, key, expectedToken);
                delete.setInt(4, evenIfLeaseLive ? 1 : 0);
                return delete.executeUpdate() == 1;
            }
        });
    }

    @Override
    public int countExpired() {
        return run("countExpired", connection -> {
            try (PreparedStatement query = connection.prepareStatement(sql.countExpired);
                    ResultSet count = query.executeQuery()) {
                count.next();
                return count.getInt(1);
            }
        });
    }

    @Override
    public int count(RecordState state) {
        return run("count", connection -> {
            try (PreparedStatement query = connection.prepareStatement(sql.countInState)) {
                query.setString(1, state.name());
                try (ResultSet count = query.executeQuery()) {
                    count.next();
                    return count.getInt(1);
                }
            }
        });
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return fencedChange("release", sql.release, scope, key, fencingToken);
    }

    @Override
    public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        if (leases.isEmpty()) {
            return 0;
        }
        return write("renewLeases", connection -> {
            try (PreparedStatement update = connection.prepareStatement(sql.renewLease)) {
                for (LeaseRef ref : leases) {
                    update.setLong(1, lease.toMillis());
                    update.setLong(2, lease.toMillis());
                    bindKeyAndToken(update, 3, ref.scope(), ref.key(), ref.fencingToken());
                    update.addBatch();
                }
                int renewed = 0;
                for (int count : update.executeBatch()) {
                    // Some drivers report a batched row as "done, count unknown".
                    renewed += count == Statement.SUCCESS_NO_INFO ? 1 : Math.max(count, 0);
                }
                return renewed;
            }
        });
    }

    @Override
    public int purgeExpired(int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, was " + batchSize);
        }
        // On the writer too: H2 would otherwise make the purge and the batch wait for each other's row locks.
        return write("purgeExpired", connection -> {
            try (PreparedStatement delete = connection.prepareStatement(sql.purge)) {
                delete.setInt(1, batchSize);
                return delete.executeUpdate();
            }
        });
    }

    /** The record as stored, even when it has expired (a claim would then replace it). */
    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return run("find", connection -> find(connection, scope, key));
    }

    @Override
    public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        return run("list", connection -> {
            try (PreparedStatement query = connection.prepareStatement(sql.list)) {
                query.setString(1, state.name());
                query.setLong(2, -olderThan.toMillis());
                query.setInt(3, limit);
                List<StoredRecord> records = new ArrayList<>();
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        records.add(RecordRows.read(rows, dialect));
                    }
                }
                return records;
            }
        });
    }

    /** Writes the replay counts still pending, stops the writer (after its queue), then closes the pool. */
    @Override
    public void close() {
        if (!unwrittenAttempts.isEmpty()) {
            AttemptTally.Flush flush = unwrittenAttempts.flush();
            boolean durable = false;
            try {
                write("count replays", flush::write);
                durable = true;
            } catch (StoreUnavailableException e) {
                LOG.warn("Idempotency store: replay attempt counts not written on close: {}", e.getMessage());
            } finally {
                flush.end(durable);
            }
        }
        if (writer != null) {
            writer.close();
        }
        if (attemptFlusher != null) {
            attemptFlusher.shutdownNow();
            // A flush under way finishes on its connection before the pool closes under it.
            try {
                attemptFlusher.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            closePool.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the " + description + " failed", e);
        }
    }

    @Override
    public String toString() {
        return description + " (" + strategy + ")";
    }

    /**
     * Creates or checks the table now. An unreachable database is not an error yet: the first
     * operation that reaches it prepares the schema, so the service can start before its store.
     */
    void prepareSchema() {
        run("schema check", connection -> null);
    }

    /** The pool and SQL of this store, for a baseline that measures plain statements beside it. */
    DataSource dataSource() {
        return pool;
    }

    TableSql tableSql() {
        return sql;
    }

    /** The group-commit writer, if this store has one (for tests and benchmarks counting commits). */
    Optional<GroupCommitWriter> groupCommitWriter() {
        return Optional.ofNullable(writer);
    }

    /** The grouped claim statements, if this store groups them (for tests and benchmarks). */
    Optional<GroupedStatement<ClaimRows.NewClaim, ClaimResult>> groupedClaims() {
        return Optional.ofNullable(claimRows);
    }

    /** The grouped completion statements, if this store groups them (for tests and benchmarks). */
    Optional<GroupedStatement<CompletionRows.Completion, Boolean>> groupedCompletions() {
        return Optional.ofNullable(completionRows);
    }

    /** Runs a statement whose only parameters are the key and the token; true when it changed the row. */
    private boolean fencedChange(String operation, String statementSql, String scope, String key, long token) {
        return write(operation, connection -> {
            try (PreparedStatement statement = connection.prepareStatement(statementSql)) {
                bindKeyAndToken(statement, 1, scope, key, token);
                return statement.executeUpdate() == 1;
            }
        });
    }

    private Optional<StoredRecord> find(Connection connection, String scope, String key) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql.find)) {
            query.setString(1, scope);
            query.setString(2, key);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(RecordRows.read(row, dialect)) : Optional.empty();
            }
        }
    }

    /**
     * A flush moved attempt counts from the tally to the table while the replay read its record:
     * the two are read again, at one moment, this replay's own count now among them. A record
     * replaced meanwhile, or a store that fails this read, keeps the first reading.
     */
    private int attemptsReadAgain(StoredRecord record, int firstReading) {
        try {
            for (int read = 0; read < ATTEMPT_READS; read++) {
                long moment = unwrittenAttempts.moment(ATTEMPT_FLUSH_WAIT_MILLIS);
                Optional<StoredRecord> now = run("claim", connection -> find(connection, record.scope(), record.key()));
                if (now.isEmpty() || now.get().fencingToken() != record.fencingToken()) {
                    return firstReading;
                }
                int attempts = now.get().attempts()
                        + unwrittenAttempts.unwritten(record.scope(), record.key(), record.fencingToken());
                if (unwrittenAttempts.unchangedSince(moment)) {
                    return attempts;
                }
            }
        } catch (StoreUnavailableException e) {
            LOG.debug("Idempotency store: a replay's attempt number was not read again: {}", e.getMessage());
        }
        return firstReading;
    }

    private Optional<StoredRecord> findReplay(Connection connection, ClaimRequest request) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql.findReplay)) {
            query.setString(1, request.scope());
            query.setString(2, request.key());
            try (ResultSet row = query.executeQuery()) {
                return row.next() && row.getInt("live_completed") == 1 ? Optional.of(RecordRows.read(row, dialect))
                        : Optional.empty();
            }
        }
    }

    /** Runs a change and returns once it is committed: through the writer, or on a pooled connection. */
    private <T> T write(String operation, SqlWork<T> work) {
        return writer != null ? writer.write(operation, work::apply) : run(operation, work);
    }

    /** A pooled connection with the schema in place, for the writer's batches and grouped statements. */
    private Connection writeConnection() throws SQLException {
        Connection connection = pool.getConnection();
        try {
            if (!schemaReady) {
                ensureSchema(connection);
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private boolean scheduleAttemptFlush() {
        try {
            attemptFlusher.schedule(this::flushAttempts, ATTEMPT_FLUSH_DELAY_MILLIS, TimeUnit.MILLISECONDS);
            return true;
        } catch (RuntimeException closed) {
            return false;
        }
    }

    private void flushAttempts() {
        AttemptTally.Flush flush = unwrittenAttempts.flush();
        boolean durable = false;
        try {
            run("count replays", connection -> Transactions.run(connection, () -> flush.write(connection)));
            durable = true;
        } catch (StoreUnavailableException e) {
            LOG.debug("Idempotency store: replay attempt counts not written yet: {}", e.getMessage());
        } finally {
            flush.end(durable);
        }
    }

    private static ScheduledThreadPoolExecutor idleEndingThread(String name) {
        // Its thread is made anew by whichever thread schedules after an idle spell: often a request's.
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, StoreThreads.named(name));
        executor.setKeepAliveTime(10, TimeUnit.SECONDS);
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }

    private <T> T run(String operation, SqlWork<T> work) {
        try (Connection connection = pool.getConnection()) {
            if (!schemaReady) {
                ensureSchema(connection);
            }
            return work.apply(connection);
        } catch (SQLException e) {
            throw new StoreUnavailableException(description + ": " + operation + " failed: " + e.getMessage(), e);
        }
    }

    private synchronized void ensureSchema(Connection connection) throws SQLException {
        if (!schemaReady) {
            StoreSchema.ensure(connection, sql);
            schemaReady = true;
        }
    }

    /** Parameters 1-5 of a completion: status, headers, body, body retained, ttl. */
    private static void bindOutcome(PreparedStatement statement, StoredResponse response, Duration ttl)
            throws SQLException {
        statement.setInt(1, response.status());
        statement.setString(2, HeadersJson.write(response.headers()));
        statement.setBytes(3, response.body());
        statement.setBoolean(4, response.bodyRetained());
        statement.setLong(5, ttl.toMillis());
    }

    private static void bindKeyAndToken(PreparedStatement statement, int first, String scope, String key, long token)
            throws SQLException {
        statement.setString(first, scope);
        statement.setString(first + 1, key);
        statement.setLong(first + 2, token);
    }

    /**
     * A fresh record's first token. Random rather than 1, so a stale owner from before a release
     * or purge can never match the token of a later claim of the same key; takeovers add one.
     */
    private static long newToken() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2);
    }

    private interface SqlWork<T> {
        T apply(Connection connection) throws SQLException;
    }
}
