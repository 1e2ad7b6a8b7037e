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
 * Claims of several keys in one MariaDB statement ({@link MariaDbDialect#claimRows}). A caller
 * whose key came back gets what the single-row claim would have given it: its claim when the
 * row's attempt count is 1 (created, or an expired record replaced), else the existing record,
 * its attempt counted. On a server without {@code RETURNING} nobody's key comes back: every caller
 * gets {@code null} and takes the single-row path.
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

    private final MariaDbDialect mariaDb;

    ClaimRows(GroupCommitWriter.ConnectionSource connections, MariaDbDialect dialect, TableSql sql) {
        super(connections, dialect, sql);
        this.mariaDb = dialect;
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
     * The dialect's single-row claim (null when the row vanished in a race: the caller's own path
     * runs the claim again).
     */
    @Override
    ClaimResult runAlone(Connection connection, NewClaim claim) throws SQLException {
        StoredRecord record = dialect.claim(connection, sql, claim.request, claim.token);
        return record == null ? null : WriteStrategy.claimResult(record);
    }

    @Override
    List<ClaimResult> runDistinct(Connection connection, List<NewClaim> claims) throws SQLException {
        Map<List<String>, StoredRecord> returned = new HashMap<>();
        try (PreparedStatement statement = mariaDb.claimRows(connection, sql, claims)) {
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
            results.add(record == null ? null : WriteStrategy.claimResult(record));
        }
        return results;
    }
}
