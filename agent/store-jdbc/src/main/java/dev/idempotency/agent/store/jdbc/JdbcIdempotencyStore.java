package dev.idempotency.agent.store.jdbc;


import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.attempts.AttemptTally;
import dev.idempotency.agent.store.StoredResponse;

/**
 * The store on a relational database through a connection pool. Each method is one short
 * transaction; times are the database's. Open it with {@link JdbcStores#open}.
 *
 * <p>How writes commit is the database's {@link WriteStrategy}, chosen when the store opens:
 * on H2 every write goes through one writer thread that commits writes in groups (package
 * {@code h2}); on PostgreSQL and MariaDB concurrent claims and completions share statements
 * (package {@code grouped}). Either way a method returns only once its write is durable. Reads
 * use the pool.
 */
final class JdbcIdempotencyStore implements IdempotencyStore {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcIdempotencyStore.class);

    /** Completions in one transaction at most: 8 parameters each, far below any driver's limit. */
    static final int MAX_TOGETHER = 128;

    private final RecordTable table;
    private final AutoCloseable closePool;
    private final TableSql sql;
    private final WriteStrategy writes;
    private final ReplayReads replays;

    JdbcIdempotencyStore(RecordTable table, AutoCloseable closePool, WriteStrategy writes) {
        this.table = table;
        this.closePool = closePool;
        this.sql = table.sql;
        this.writes = writes;
        this.replays = new ReplayReads(table);
        writes.flushLater(replays.unwrittenAttempts);
    }

    /**
     * The same three steps on every database: the strategy's claim of a new key (where the
     * database has one that writes nothing for a key that has a row), the replay read (a live
     * COMPLETED record is answered without a write), and the strategy's atomic claim.
     */
    @Override
    public ClaimResult claim(ClaimRequest request) {
        long moment = replays.moment();
        NewKeyOutcome first = writes.claimNewKey(request);
        if (first.claim() != null) {
            return first.claim();
        }
        if (first.found() != null) {
            return first.liveCompleted() ? replays.answered(first.found(), moment) : writes.claim(request);
        }
        return replays.answer(request, moment).orElseGet(() -> writes.claim(request));
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
            return replays.find(connection, request.scope(), request.key());
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
        return writes.complete(new CompletionRow(scope, key, fencingToken, response, ttl));
    }

    /**
     * Where the database completes together (PostgreSQL, MariaDB: {@link WriteStrategy#completesTogether}),
     * the gathered outcomes in one transaction of at most {@link #MAX_TOGETHER}; a completion it
     * leaves out runs its single-row statement. H2 groups its commits on its writer thread instead,
     * and completes each alone.
     */
    @Override
    public void completeAll(List<? extends Completion> completions) {
        if (!writes.completesTogether()) {
            IdempotencyStore.super.completeAll(completions);
            return;
        }
        Completion.inParts(completions, MAX_TOGETHER, part -> {
            List<CompletionRow> rows = new ArrayList<>(part.size());
            for (Completion completion : part) {
                rows.add(new CompletionRow(completion.scope(), completion.key(), completion.fencingToken(),
                        completion.response(), completion.ttl()));
            }
            List<Boolean> completed;
            try {
                completed = writes.completeAll(rows);
            } catch (SQLException e) {
                throw table.unavailable("complete (" + part.size() + " completions in one transaction)", e);
            }
            for (int i = 0; i < part.size(); i++) {
                Boolean answer = completed == null ? null : completed.get(i);
                if (answer == null) {
                    try {
                        answer = writes.complete(rows.get(i));
                    } catch (RuntimeException e) {
                        part.get(i).failed(e);
                        continue;
                    }
                }
                part.get(i).stored(answer);
            }
        });
    }

    @Override
    public boolean completesTogether() {
        return writes.completesTogether();
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
        return countOf("countExpired", sql.countExpired);
    }

    @Override
    public int count(RecordState state) {
        return countOf("count", sql.countInState, state.name());
    }

    @Override
    public int countStale() {
        return countOf("countStale", sql.countStale);
    }

    /** The one number {@code countSql} selects, its parameters bound in order. */
    private int countOf(String operation, String countSql, String... parameters) {
        return run(operation, connection -> {
            try (PreparedStatement query = connection.prepareStatement(countSql)) {
                for (int i = 0; i < parameters.length; i++) {
                    query.setString(i + 1, parameters[i]);
                }
                try (ResultSet count = query.executeQuery()) {
                    count.next();
                    return count.getInt(1);
                }
            }
        });
    }

    @Override
    public StoreFootprint footprint() {
        return run("footprint", connection -> new StoreFootprint(table.dialect.countRecords(connection, sql),
                table.dialect.bytesOnDisk(connection, sql, table.url)));
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return fencedChange("release", sql.release, scope, key, fencingToken);
    }

    @Override
    public boolean withdrawUnstarted(ClaimRequest claim) {
        return write("withdrawUnstarted", connection -> {
            try (PreparedStatement delete = connection.prepareStatement(sql.withdrawUnstarted)) {
                delete.setString(1, claim.scope());
                delete.setString(2, claim.key());
                delete.setString(3, claim.owner());
                delete.setString(4, claim.requestId());
                return delete.executeUpdate() == 1;
            }
        });
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
        return writes.purgeExpired(batchSize);
    }

    /** The record as stored, even when it has expired (a claim would then replace it). */
    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return run("find", connection -> replays.find(connection, scope, key));
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
                        records.add(RecordRows.read(rows, table.dialect));
                    }
                }
                return records;
            }
        });
    }

    /** Writes the replay counts still pending, stops the strategy's threads (after their queues), then closes the pool. */
    @Override
    public void close() {
        AttemptTally unwrittenAttempts = replays.unwrittenAttempts;
        if (!unwrittenAttempts.isEmpty()) {
            AttemptTally.Flush flush = unwrittenAttempts.flush();
            boolean durable = false;
            try {
                write("count replays", writes.attemptCounts(flush));
                durable = true;
            } catch (StoreUnavailableException e) {
                LOG.warn("Idempotency store: replay attempt counts not written on close: {}", e.getMessage());
            } finally {
                flush.end(durable);
            }
        }
        writes.close();
        try {
            closePool.close();
        } catch (Exception e) {
            throw new IllegalStateException("closing the " + table.description + " failed", e);
        }
    }

    @Override
    public String toString() {
        return table.description + " (" + writes + ")";
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
        return table.pool;
    }

    TableSql tableSql() {
        return sql;
    }

    /** What the store logged about its table's layout when it opened (an older layout and its migration); null for nothing. */
    String schemaNotice() {
        return table.schemaNotice();
    }

    /** How this store writes (for tests and benchmarks counting commits and statements). */
    WriteStrategy writeStrategy() {
        return writes;
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

    /** Runs a change and returns once it is committed, as the strategy commits. */
    private <T> T write(String operation, RecordTable.SqlWork<T> work) {
        return writes.write(operation, work);
    }

    private <T> T run(String operation, RecordTable.SqlWork<T> work) {
        return table.run(operation, work);
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

}
