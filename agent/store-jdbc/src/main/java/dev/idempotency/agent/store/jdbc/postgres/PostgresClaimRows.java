package dev.idempotency.agent.store.jdbc.postgres;

import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.NewKeyOutcome;
import dev.idempotency.agent.store.jdbc.grouped.DistinctKeyRows;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.idempotency.agent.store.ClaimRequest;

/**
 * Claims of new keys, one or several in one PostgreSQL statement, which also returns the row of a
 * key it did not insert: {@code WITH fresh AS (INSERT ... ON CONFLICT DO NOTHING RETURNING ...)}
 * for the new keys, and beside them, in the same statement, each other key's row as it stood when
 * the statement began. A key that comes back inserted is its caller's claim; a key that comes back
 * found spares its callers the replay read (every caller of that key in the group shares it); a key
 * that comes back neither (its row was committed while the statement ran) sends its caller on to
 * the replay read, as before. Several keys go as one array per column ({@code unnest}), so one
 * statement text serves any number of rows.
 */
final class PostgresClaimRows extends DistinctKeyRows<NewClaim, NewKeyOutcome> {

    private static final String[] TYPES = {"varchar", "varchar", "varchar", "varchar", "varchar", "int8", "int8",
        "varchar", "int8"};

    private final String claimOne;
    private final String claimRows;

    PostgresClaimRows(ConnectionSource connections, Dialect dialect, TableSql sql) {
        super(connections, dialect, sql);
        // The CTE's insert is invisible to the rest of the statement (one snapshot): the second
        // branch finds only rows that were there before, never the ones the first inserted.
        String foundBeside = " RETURNING " + sql.selectList + ") SELECT 1 AS inserted, fresh.*, 0 AS live_completed "
                + "FROM fresh UNION ALL SELECT 0, ";
        this.claimOne = "WITH fresh AS (INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") VALUES ("
                + sql.claimValues + ") ON CONFLICT (scope, idem_key) DO NOTHING" + foundBeside + sql.selectList
                + ", " + sql.liveCompleted + " FROM " + sql.table + " WHERE scope = ? AND idem_key = ?";
        // One primary-key lookup per key of the group, whatever the planner thinks of the table:
        // OFFSET 0 keeps the LATERAL subquery from being flattened into a join. Flattened, the plan
        // PostgreSQL caches for the prepared statement, made while the table was small, hash-joined
        // a scan of the whole table, and kept doing so as the table grew until it was next analyzed.
        this.claimRows = "WITH c AS (SELECT * FROM unnest(CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), "
                + "CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[]), "
                + "CAST(? AS BIGINT[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[])) "
                + "AS u (scope, idem_key, endpoint, fingerprint, owner, fencing_token, lease, first_request_id, ttl)), "
                + "fresh AS (INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") SELECT c.scope, c.idem_key, "
                + "c.endpoint, c.fingerprint, 'IN_PROGRESS', c.owner, c.fencing_token, "
                + "now() + c.lease * INTERVAL '1 millisecond', 1, c.first_request_id, now(), "
                + "now() + c.ttl * INTERVAL '1 millisecond' FROM c ON CONFLICT (scope, idem_key) DO NOTHING"
                + foundBeside + "r.* FROM c CROSS JOIN LATERAL (SELECT " + sql.selectList + ", " + sql.liveCompleted
                + " FROM " + sql.table + " WHERE scope = c.scope AND idem_key = c.idem_key OFFSET 0) AS r";
    }

    @Override
    public String scope(NewClaim claim) {
        return claim.request.scope();
    }

    @Override
    public String key(NewClaim claim) {
        return claim.request.key();
    }

    /** A row found is a read every caller of the key may answer from. */
    @Override
    public NewKeyOutcome forAnotherCallerOfTheKey(NewKeyOutcome first) {
        return first.forAnotherCallerOfTheKey();
    }

    /** The single-row statement; null when the key's row was committed while it ran. */
    @Override
    public NewKeyOutcome runAlone(Connection connection, NewClaim claim) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(claimOne)) {
            int next = TableSql.bindClaim(statement, 1, claim.request, claim.token);
            statement.setString(next, claim.request.scope());
            statement.setString(next + 1, claim.request.key());
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? NewKeyOutcome.read(row, dialect) : null;
            }
        }
    }

    @Override
    public List<NewKeyOutcome> runDistinct(Connection connection, List<NewClaim> claims) throws SQLException {
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
        Map<List<String>, NewKeyOutcome> returned = new HashMap<>();
        try (PreparedStatement statement = connection.prepareStatement(claimRows)) {
            for (int i = 0; i < TYPES.length; i++) {
                statement.setArray(i + 1, connection.createArrayOf(TYPES[i], columns[i]));
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    returned.put(keyOf(row.getString("scope"), row.getString("idem_key")),
                            NewKeyOutcome.read(row, dialect));
                }
            }
        }
        List<NewKeyOutcome> results = new ArrayList<>(rows);
        for (NewClaim claim : claims) {
            results.add(returned.get(keyOf(claim)));
        }
        return results;
    }
}
