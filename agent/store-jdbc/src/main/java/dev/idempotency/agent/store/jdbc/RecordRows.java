package dev.idempotency.agent.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;

/** Turns a row selected with {@link TableSql#selectList} into a {@link StoredRecord}. */
public final class RecordRows {

    private RecordRows() {
    }

    public static StoredRecord read(ResultSet row, Dialect dialect) throws SQLException {
        return new StoredRecord(
                row.getString("scope"),
                row.getString("idem_key"),
                row.getString("endpoint"),
                row.getString("fingerprint"),
                RecordState.valueOf(row.getString("state")),
                row.getString("owner"),
                row.getLong("fencing_token"),
                dialect.readInstant(row, "lease_until"),
                row.getInt("lease_expired") == 1,
                row.getInt("attempts"),
                row.getString("first_request_id"),
                response(row),
                dialect.readInstant(row, "created_at"),
                dialect.readInstant(row, "completed_at"),
                dialect.readInstant(row, "expires_at"));
    }

    /** The record with another attempt count (a replay counted but not yet written). */
    static StoredRecord withAttempts(StoredRecord record, int attempts) {
        return new StoredRecord(record.scope(), record.key(), record.endpoint(), record.fingerprint(), record.state(),
                record.owner(), record.fencingToken(), record.leaseUntil(), record.leaseExpired(), attempts,
                record.firstRequestId(), record.response(), record.createdAt(), record.completedAt(),
                record.expiresAt());
    }

    private static StoredResponse response(ResultSet row) throws SQLException {
        int status = row.getInt("response_status");
        if (row.wasNull()) {
            return null;
        }
        return new StoredResponse(status, HeadersJson.read(row.getString("response_headers")),
                row.getBytes("response_body"), row.getBoolean("body_retained"));
    }
}
