package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.attempts.AttemptTally;

/**
 * A claim of a key whose record is COMPLETED and unexpired, answered from a plain read: its
 * attempt is counted in an {@link AttemptTally} and written with a later batch, so the stored
 * count may lag the requests seen by a moment (and loses the unwritten counts if the JVM dies).
 */
final class ReplayReads {

    private static final Logger LOG = LoggerFactory.getLogger(ReplayReads.class);

    private final RecordTable table;
    final AttemptTally unwrittenAttempts;

    ReplayReads(RecordTable table) {
        this.table = table;
        this.unwrittenAttempts = new AttemptTally();
    }

    /**
     * The live COMPLETED record of the key, its attempt counted; empty for any other key.
     *
     * @param moment taken before the read ({@link #moment})
     */
    Optional<ClaimResult> answer(ClaimRequest request, long moment) {
        Optional<StoredRecord> completed = table.run("claim", connection -> findReplay(connection, request));
        return completed.map(record -> answered(record, moment));
    }

    /**
     * The moment a read of the record starts (see {@link AttemptTally#moment}): taken before the
     * read, whichever statement reads it.
     */
    long moment() {
        return unwrittenAttempts.moment(AttemptTally.FLUSH_WAIT_MILLIS);
    }

    /** A live COMPLETED record read after {@code moment}, answered as a replay: its attempt counted. */
    ClaimResult answered(StoredRecord record, long moment) {
        int attempts = unwrittenAttempts.countReplay(record.scope(), record.key(), record.fencingToken(),
                record.attempts(), moment, () -> storedAttempts(record));
        return ClaimResult.existing(RecordRows.withAttempts(record, attempts));
    }

    /** The record as stored, even when it has expired. */
    Optional<StoredRecord> find(Connection connection, String scope, String key) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(table.sql.find)) {
            query.setString(1, scope);
            query.setString(2, key);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(RecordRows.read(row, table.dialect)) : Optional.empty();
            }
        }
    }

    /** The attempts the table holds for {@code record}'s generation now; -1 when it was replaced or the read failed. */
    private int storedAttempts(StoredRecord record) {
        try {
            Optional<StoredRecord> now = table.run("claim", connection -> find(connection, record.scope(), record.key()));
            return now.isPresent() && now.get().fencingToken() == record.fencingToken() ? now.get().attempts() : -1;
        } catch (StoreUnavailableException e) {
            LOG.debug("Idempotency store: a replay's attempt number was not read again: {}", e.getMessage());
            return -1;
        }
    }

    private Optional<StoredRecord> findReplay(Connection connection, ClaimRequest request) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(table.sql.findReplay)) {
            query.setString(1, request.scope());
            query.setString(2, request.key());
            try (ResultSet row = query.executeQuery()) {
                return row.next() && row.getInt("live_completed") == 1
                        ? Optional.of(RecordRows.read(row, table.dialect)) : Optional.empty();
            }
        }
    }
}
