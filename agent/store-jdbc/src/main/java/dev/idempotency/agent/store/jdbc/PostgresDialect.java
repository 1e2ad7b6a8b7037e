package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * PostgreSQL: a new key is claimed by {@code INSERT ... ON CONFLICT DO NOTHING RETURNING}, which
 * on a conflict neither writes nor locks, so a replay still commits nothing. A key that has a row
 * goes through one {@code INSERT ... ON CONFLICT DO UPDATE ... RETURNING}; the conflicting row is
 * locked by the statement itself, so the primary key decides every race. Grouped claims and
 * completions take their rows as one array per column ({@code unnest}), so one statement text
 * serves any number of rows. They are off by default: PostgreSQL already flushes the WAL of
 * concurrent commits together, and grouping measured no faster (0.96-0.98 at 32 callers, see
 * docs/performance.md).
 */
final class PostgresDialect extends Dialect {

    @Override
    String name() {
        return "PostgreSQL";
    }

    @Override
    String driverClassName() {
        return "org.postgresql.Driver";
    }

    @Override
    Properties connectionProperties(StoreSettings settings) {
        Properties properties = new Properties();
        long connectSeconds = seconds(settings.connectTimeout());
        long statementMillis = settings.statementTimeout().toMillis();
        properties.setProperty("connectTimeout", Long.toString(connectSeconds));
        properties.setProperty("loginTimeout", Long.toString(connectSeconds));
        // The server cancels slow statements and lock waits; the socket timeout covers a server that went silent.
        properties.setProperty("options", "-c statement_timeout=" + statementMillis + " -c lock_timeout=" + statementMillis);
        properties.setProperty("socketTimeout", Long.toString(seconds(settings.statementTimeout()) + 1));
        properties.setProperty("tcpKeepAlive", "true");
        properties.setProperty("ApplicationName", "idempotency-agent");
        return properties;
    }

    @Override
    List<String> createTable(String table) {
        return standardCreateTable(table, "TIMESTAMPTZ", "TEXT", "BYTEA");
    }

    @Override
    String now() {
        return "now()";
    }

    @Override
    String nowPlusMillis() {
        return "(now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond')";
    }

    @Override
    String claimSql(TableSql sql) {
        return "INSERT INTO " + sql.table + " AS r (" + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues
                + ") ON CONFLICT (scope, idem_key) DO UPDATE SET "
                + TableSql.claimUpdate("r.", column -> "excluded." + column, now())
                + " RETURNING " + sql.selectList;
    }

    @Override
    String claimIfAbsentSql(TableSql sql) {
        return "INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues
                + ") ON CONFLICT (scope, idem_key) DO NOTHING RETURNING " + sql.selectList;
    }

    /**
     * {@link #claimIfAbsentSql} for several keys: the rows it returns are the keys it claimed. The
     * rows come as one array per column, so the statement text is the same for any number of rows
     * and the server plans it once per connection.
     */
    @Override
    PreparedStatement claimRows(Connection connection, TableSql sql, List<ClaimRows.NewClaim> claims)
            throws SQLException {
        int rows = claims.size();
        String[] scopes = new String[rows];
        String[] keys = new String[rows];
        String[] endpoints = new String[rows];
        String[] fingerprints = new String[rows];
        String[] owners = new String[rows];
        Long[] tokens = new Long[rows];
        Long[] leases = new Long[rows];
        String[] requestIds = new String[rows];
        Long[] ttls = new Long[rows];
        for (int i = 0; i < rows; i++) {
            ClaimRequest request = claims.get(i).request;
            scopes[i] = request.scope();
            keys[i] = request.key();
            endpoints[i] = request.endpoint();
            fingerprints[i] = request.fingerprint();
            owners[i] = request.owner();
            tokens[i] = claims.get(i).token;
            leases[i] = request.lease().toMillis();
            requestIds[i] = request.requestId();
            ttls[i] = request.ttl().toMillis();
        }
        String[] types = {"varchar", "varchar", "varchar", "varchar", "varchar", "int8", "int8", "varchar", "int8"};
        return withArrays(connection, sql.claimRows, types, scopes, keys, endpoints, fingerprints, owners, tokens,
                leases, requestIds, ttls);
    }

    @Override
    String claimRowsSql(TableSql sql) {
        return "INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") SELECT c.scope, c.idem_key, c.endpoint, "
                + "c.fingerprint, 'IN_PROGRESS', c.owner, c.fencing_token, now() + c.lease * INTERVAL '1 millisecond', 1, "
                + "c.first_request_id, now(), now() + c.ttl * INTERVAL '1 millisecond' FROM unnest(CAST(? AS VARCHAR[]), "
                + "CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), "
                + "CAST(? AS BIGINT[]), CAST(? AS BIGINT[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[])) "
                + "AS c (scope, idem_key, endpoint, fingerprint, owner, fencing_token, lease, first_request_id, ttl) "
                + "ON CONFLICT (scope, idem_key) DO NOTHING RETURNING " + sql.selectList;
    }

    /** Like {@link #claimRows}: one array per column, one statement text for any number of rows. */
    @Override
    PreparedStatement completeRows(Connection connection, TableSql sql, List<CompletionRows.Completion> completions)
            throws SQLException {
        int rows = completions.size();
        String[] scopes = new String[rows];
        String[] keys = new String[rows];
        Long[] tokens = new Long[rows];
        Integer[] statuses = new Integer[rows];
        String[] headers = new String[rows];
        byte[][] bodies = new byte[rows][];
        Boolean[] retained = new Boolean[rows];
        Long[] ttls = new Long[rows];
        for (int i = 0; i < rows; i++) {
            CompletionRows.Completion completion = completions.get(i);
            scopes[i] = completion.scope;
            keys[i] = completion.key;
            tokens[i] = completion.token;
            statuses[i] = completion.response.status();
            headers[i] = HeadersJson.write(completion.response.headers());
            bodies[i] = completion.response.body();
            retained[i] = completion.response.bodyRetained();
            ttls[i] = completion.ttl.toMillis();
        }
        String[] types = {"varchar", "varchar", "int8", "int4", "text", "bytea", "bool", "int8"};
        return withArrays(connection, sql.completeRows, types, scopes, keys, tokens, statuses, headers, bodies,
                retained, ttls);
    }

    /** The statement with one array parameter per column, of the given element types. */
    private static PreparedStatement withArrays(Connection connection, String statementSql, String[] types,
            Object[]... columns) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(statementSql);
        try {
            for (int i = 0; i < columns.length; i++) {
                statement.setArray(i + 1, connection.createArrayOf(types[i], columns[i]));
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    @Override
    String completeRowsSql(TableSql sql) {
        return "UPDATE " + sql.table + " AS r SET state = 'COMPLETED', response_status = v.status, "
                + "response_headers = v.headers, response_body = v.body, body_retained = v.retained, "
                + "completed_at = now(), lease_until = now(), expires_at = now() + v.ttl * INTERVAL '1 millisecond' "
                + "FROM unnest(CAST(? AS VARCHAR[]), CAST(? AS VARCHAR[]), CAST(? AS BIGINT[]), CAST(? AS INT[]), "
                + "CAST(? AS TEXT[]), CAST(? AS BYTEA[]), CAST(? AS BOOLEAN[]), CAST(? AS BIGINT[])) "
                + "AS v (scope, idem_key, fencing_token, status, headers, body, retained, ttl) "
                + "WHERE r.scope = v.scope AND r.idem_key = v.idem_key AND r.fencing_token = v.fencing_token "
                + "AND r.state <> 'COMPLETED' RETURNING r.scope, r.idem_key";
    }

    @Override
    String purgeExpired(String table) {
        // SKIP LOCKED: a row being claimed right now is left for the next round instead of waited for.
        return "DELETE FROM " + table + " WHERE (scope, idem_key) IN (SELECT scope, idem_key FROM " + table
                + " WHERE expires_at <= now() ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)";
    }
}
