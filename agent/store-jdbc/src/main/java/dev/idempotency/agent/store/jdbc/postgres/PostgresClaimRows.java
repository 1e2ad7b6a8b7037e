package dev.idempotency.agent.store.jdbc.postgres;

import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.grouped.DistinctKeyRows;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;
import dev.idempotency.agent.store.jdbc.RecordRows;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.util.Collections;
import java.util.Arrays;
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
 * Claims of several new keys in one PostgreSQL statement: {@code INSERT ... SELECT ... FROM unnest(...)
 * ON CONFLICT DO NOTHING RETURNING}, one array per column, so one statement text serves any number
 * of rows. A key that comes back is its caller's claim; a key that does not has a row already, and
 * its caller goes on to the replay read (as after the single-row insert).
 */
final class PostgresClaimRows extends DistinctKeyRows<NewClaim, ClaimResult> {

    private static final String[] TYPES = {"varchar", "varchar", "varchar", "varchar", "varchar", "int8", "int8",
        "varchar", "int8"};

    private final String claimIfAbsent;
    private final String claimRows;

    PostgresClaimRows(ConnectionSource connections, Dialect dialect, TableSql sql,
            String claimIfAbsent) {
        super(connections, dialect, sql);
        this.claimIfAbsent = claimIfAbsent;
        this.claimRows = "INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") SELECT c.scope, c.idem_key, "
                + "c.endpoint, c.fingerprint, 'IN_PROGRESS', c.owner, c.fencing_token, "
                + "now() + c.lease * INTERVAL '1 millisecond', 1, c.first_request_id, now(), "
                + "now() + c.ttl * INTERVAL '1 millisecond' FROM unnest(CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), "
                + "CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[]), "
                + "CAST(? AS BIGINT[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[])) "
                + "AS c (scope, idem_key, endpoint, fingerprint, owner, fencing_token, lease, first_request_id, ttl) "
                + "ON CONFLICT (scope, idem_key) DO NOTHING RETURNING " + sql.selectList;
    }

    @Override
    public String scope(NewClaim claim) {
        return claim.request.scope();
    }

    @Override
    public String key(NewClaim claim) {
        return claim.request.key();
    }

    /** The single-row insert; null when the key has a row. */
    @Override
    public ClaimResult runAlone(Connection connection, NewClaim claim) throws SQLException {
        StoredRecord fresh = dialect.runClaim(connection, claimIfAbsent, claim.request, claim.token);
        return fresh == null ? null : ClaimResult.claimed(fresh);
    }

    @Override
    public List<ClaimResult> runDistinct(Connection connection, List<NewClaim> claims) throws SQLException {
        int rows = claims.size();
        Object[][] columns = new Object[TYPES.length][];
        columns[0] = new String[rows];
        columns[1] = new String[rows];
        columns[2] = new String[rows];
        columns[3] = new String[rows];
        columns[4] = new String[rows];
        columns[5] = new Long[rows];
        columns[6] = new Long[rows];
        columns[7] = new String[rows];
        columns[8] = new Long[rows];
        for (int i = 0; i < rows; i++) {
            ClaimRequest request = claims.get(i).request;
            columns[0][i] = request.scope();
            columns[1][i] = request.key();
            columns[2][i] = request.endpoint();
            columns[3][i] = request.fingerprint();
            columns[4][i] = request.owner();
            columns[5][i] = claims.get(i).token;
            columns[6][i] = request.lease().toMillis();
            columns[7][i] = request.requestId();
            columns[8][i] = request.ttl().toMillis();
        }
        Map<List<String>, StoredRecord> returned = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(claimRows)) {
            for (int i = 0; i < TYPES.length; i++) {
                statement.setArray(i + 1, connection.createArrayOf(TYPES[i], columns[i]));
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    StoredRecord record = RecordRows.read(row, dialect);
                    returned.put(Collections.unmodifiableList(Arrays.asList(record.scope(), record.key())), record);
                }
            }
        }
        List<ClaimResult> results = new ArrayList<>(rows);
        for (NewClaim claim : claims) {
            StoredRecord record = returned.get(Collections.unmodifiableList(Arrays.asList(claim.request.scope(), claim.request.key())));
            results.add(record == null ? null : ClaimResult.claimed(record));
        }
        return results;
    }
}
