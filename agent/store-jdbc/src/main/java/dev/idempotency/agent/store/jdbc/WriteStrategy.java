package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.attempts.AttemptTally;

/**
 * How one store writes: chosen once per database when the store opens ({@link Dialect#writeStrategy}).
 * A claim runs the same three steps everywhere ({@link JdbcIdempotencyStore#claim}):
 * {@link #claimNewKey}, the replay read, {@link #claim}; a strategy decides what the first and
 * the last step cost and how every write commits.
 */
public abstract class WriteStrategy implements AutoCloseable {

    /** A claim loses a race only to a row created or deleted at the same instant; a few rounds settle it. */
    private static final int CLAIM_ROUNDS = 8;

    final RecordTable table;

    public WriteStrategy(RecordTable table) {
        this.table = table;
    }

    /**
     * The first step of a claim, before any read: a claim of a key that has no row, by a statement
     * that neither writes nor locks when it has one, and returns that row where the database can
     * (then the replay read is saved). Nothing learned where the database has no such statement
     * (the replay read and {@link #claim} then serve every key).
     */
    public NewKeyOutcome claimNewKey(ClaimRequest request) {
        return NewKeyOutcome.NOTHING_LEARNED;
    }

    /**
     * The last step of a claim, for a key that is not a live replay: the dialect's atomic claim,
     * which creates the record, counts an attempt on the existing one, or replaces an expired one.
     */
    public ClaimResult claim(ClaimRequest request) {
        return write("claim", connection -> claimOn(connection, request));
    }

    /** Stores the outcome if the caller still holds the claim; true when it did. */
    public boolean complete(CompletionRow completion) {
        return write("complete", connection -> completion.run(connection, table.sql.complete));
    }

    /**
     * Whether {@link #completeAll} writes several completions in one transaction; otherwise the
     * store completes each alone.
     */
    public boolean completesTogether() {
        return false;
    }

    /**
     * The outcomes of several callers in one transaction, one answer each, in order ({@code null}
     * for a completion left to its single-row path); only where {@link #completesTogether}.
     */
    public List<Boolean> completeAll(List<CompletionRow> completions) throws SQLException {
        throw new UnsupportedOperationException(this + " completes each alone");
    }

    /** Deletes at most {@code batchSize} expired records; how many it deleted. */
    public int purgeExpired(int batchSize) {
        return write("purgeExpired", connection -> deleteExpired(connection, batchSize));
    }

    public final int deleteExpired(Connection connection, int rows) throws SQLException {
        try (PreparedStatement delete = connection.prepareStatement(table.sql.purge)) {
            delete.setInt(1, rows);
            return delete.executeUpdate();
        }
    }

    /** Runs a change and returns once it is committed. */
    public abstract <T> T write(String operation, RecordTable.SqlWork<T> work);

    /** Has the tally's counts written later, off the callers' threads. */
    public abstract void flushLater(AttemptTally tally);

    /** The write of a flush of replays' attempt counts: one batch of updates, each fenced by its record's token. */
    protected final RecordTable.SqlWork<Integer> attemptCounts(AttemptTally.Flush flush) {
        return connection -> {
            try (PreparedStatement update = connection.prepareStatement(table.sql.addAttempts)) {
                int records = flush.write((scope, key, fencingToken, attempts) -> {
                    update.setInt(1, attempts);
                    update.setString(2, scope);
                    update.setString(3, key);
                    update.setLong(4, fencingToken);
                    update.addBatch();
                });
                if (records > 0) {
                    update.executeBatch();
                }
                return records;
            }
        };
    }

    /** Stops what the strategy runs besides its callers (after what is queued). */
    @Override
    public abstract void close();

    /** The dialect's claim on one connection, run again while it races with a concurrent change of the key. */
    public ClaimResult claimOn(Connection connection, ClaimRequest request) throws SQLException {
        SQLException lastRace = null;
        for (int round = 0; round < CLAIM_ROUNDS; round++) {
            try {
                StoredRecord record = table.dialect.claim(connection, table.sql, request, newToken());
                if (record != null) {
                    return claimResult(record);
                }
            } catch (SQLException e) {
                if (!table.dialect.isDuplicateKey(e) && !table.dialect.isRetryable(e)) {
                    throw e;
                }
                lastRace = e;
            }
        }
        throw new SQLException("claim kept racing with concurrent changes of the same key", "40001", lastRace);
    }

    /** A claim statement's row: attempts is 1 exactly when it created the record or replaced an expired one. */
    public static ClaimResult claimResult(StoredRecord record) {
        return record.attempts() == 1 ? ClaimResult.claimed(record) : ClaimResult.existing(record);
    }

    /**
     * A fresh record's first token. Random rather than 1, so a stale owner from before a release
     * or purge can never match the token of a later claim of the same key; takeovers add one.
     */
    public static long newToken() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2);
    }
}
