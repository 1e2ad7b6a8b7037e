package dev.idempotency.agent.store.jdbc.postgres;

import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.grouped.GroupedWrites;
import dev.idempotency.agent.store.jdbc.RecordTable;
import dev.idempotency.agent.store.jdbc.TableSql;
import dev.idempotency.agent.store.jdbc.WriteStrategy;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;

/**
 * PostgreSQL: a new key is claimed by {@code INSERT ... ON CONFLICT DO NOTHING RETURNING}, which
 * on a conflict neither writes nor locks, so a replay still commits nothing. A key that has a row
 * goes through one {@code INSERT ... ON CONFLICT DO UPDATE ... RETURNING}; the conflicting row is
 * locked by the statement itself, so the primary key decides every race. Concurrent new-key
 * claims and completions share statements ({@link GroupedWrites}) where callers would
 * otherwise each commit: on a service whose own data is on the same server,
 * every commit the agent saves is CPU the server gives back (docs/performance.md, "Against a
 * service that writes to PostgreSQL").
 */
public final class PostgresDialect extends Dialect {

    /**
     * Grouped statements at once, whatever the pool's size: one group runs while the
     * other waits for its commit's flush. Each more in flight commits more often with fewer rows
     * each: with the default pool of 8 in flight, PostgreSQL spent 1.1 to 1.6 times the CPU per new
     * key it spends with 2, and the service mostly took fewer new keys a second (docs/performance.md,
     * "Statements in flight"). The pool's other connections serve reads, single-row writes, the
     * purge and the operator's commands.
     */
    private static final int STATEMENTS_IN_FLIGHT = 2;

    @Override
    public String name() {
        return "PostgreSQL";
    }

    @Override
    public String driverClassName() {
        return "org.postgresql.Driver";
    }

    @Override
    public String kind() {
        return "postgresql";
    }

    /** New keys inserted first; claims and completions grouped, {@link #STATEMENTS_IN_FLIGHT} statements at once, or fewer on a smaller pool. */
    @Override
    public WriteStrategy writeStrategy(RecordTable table, StoreSettings settings, long waitMillis) {
        return groupedWrites(table, Math.min(settings.poolSize(), STATEMENTS_IN_FLIGHT), waitMillis);
    }

    /** @param inFlight grouped statements that may run at once */
    public GroupedWrites groupedWrites(RecordTable table, int inFlight, long waitMillis) {
        return new GroupedWrites(table, new PostgresClaimRows(table, this, table.sql),
                () -> true, inFlight, waitMillis);
    }

    @Override
    public Properties connectionProperties(StoreSettings settings) {
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
    public List<String> createTable(String table) {
        return standardCreateTable(table, "TIMESTAMPTZ", "TEXT", "BYTEA");
    }

    @Override
    public String now() {
        return "now()";
    }

    @Override
    public String nowPlusMillis() {
        return "(now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond')";
    }

    @Override
    public String claimSql(TableSql sql) {
        return "INSERT INTO " + sql.table + " AS r (" + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues
                + ") ON CONFLICT (scope, idem_key) DO UPDATE SET "
                + TableSql.claimUpdate("r.", column -> "excluded." + column, now())
                + " RETURNING " + sql.selectList;
    }

    /** The planner's row estimate (kept by autovacuum) for a large table. */
    @Override
    public long countRecords(Connection connection, TableSql sql) throws SQLException {
        return estimatedOrExact(connection, sql, "SELECT CAST(reltuples AS BIGINT) FROM pg_class WHERE oid = "
                + "CAST(? AS regclass)", sql.table);
    }

    /** Table, TOAST and indexes, as the server counts them. */
    @Override
    public long bytesOnDisk(Connection connection, TableSql sql, String url) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT pg_total_relation_size(CAST(? AS regclass))")) {
            query.setString(1, sql.table);
            try (ResultSet size = query.executeQuery()) {
                return size.next() ? size.getLong(1) : -1;
            }
        }
    }

    @Override
    public String purgeExpired(String table) {
        // SKIP LOCKED: a row being claimed right now is left for the next round instead of waited for.
        return "DELETE FROM " + table + " WHERE (scope, idem_key) IN (SELECT scope, idem_key FROM " + table
                + " WHERE expires_at <= now() ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)";
    }
}
