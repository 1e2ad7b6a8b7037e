package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredRecord;

/**
 * Claims of several keys in one statement ({@link Dialect#claimRows}). A caller whose key came
 * back gets what the single-row claim would have given it: its claim when the row's attempt count
 * is 1 (created, or an expired record replaced), else the existing record, its attempt counted. A
 * caller whose key did not come back (PostgreSQL's insert met an existing row) gets {@code null}
 * and takes the single-row path, which then meets the row.
 */
final class ClaimRows extends DistinctKeyRows<ClaimRows.NewClaim, ClaimResult> {

    /** A claim request and the token its new record would carry. */
    static final class NewClaim {

        final ClaimRequest request;
        final long token;

        NewClaim(ClaimRequest request, long token) {
            this.request = request;
            this.token = token;
        }
    }

    ClaimRows(GroupCommitWriter.ConnectionSource connections, Dialect dialect, TableSql sql) {
        super(connections, dialect, sql);
    }

    @Override
    String scope(NewClaim claim) {
        return claim.request.scope();
    }

    @Override
    String key(NewClaim claim) {
        return claim.request.key();
    }

    /**
     * The dialect's single-row form of the same statement: {@link TableSql#claimIfAbsent} where the
     * dialect has one, else its claim (null when the row vanished in a race: the caller's own
     * path runs the claim again).
     */
    @Override
    ClaimResult runAlone(Connection connection, NewClaim claim) throws SQLException {
        if (sql.claimIfAbsent != null) {
            StoredRecord fresh = dialect.runClaim(connection, sql.claimIfAbsent, claim.request, claim.token);
            return fresh == null ? null : ClaimResult.claimed(fresh);
        }
        StoredRecord record = dialect.claim(connection, sql, claim.request, claim.token);
        return record == null ? null : record.attempts() == 1 ? ClaimResult.claimed(record) : ClaimResult.existing(record);
    }

    @Override
    List<ClaimResult> runDistinct(Connection connection, List<NewClaim> claims) throws SQLException {
        Map<List<String>, StoredRecord> returned = new HashMap<>();
        try (PreparedStatement statement = dialect.claimRows(connection, sql, claims)) {
            if (statement == null) {
                return null;
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    StoredRecord record = RecordRows.read(row, dialect);
                    returned.put(List.of(record.scope(), record.key()), record);
                }
            }
        }
        List<ClaimResult> results = new ArrayList<>(claims.size());
        for (NewClaim claim : claims) {
            StoredRecord record = returned.get(List.of(claim.request.scope(), claim.request.key()));
            results.add(record == null ? null
                    : record.attempts() == 1 ? ClaimResult.claimed(record) : ClaimResult.existing(record));
        }
        return results;
    }
}
