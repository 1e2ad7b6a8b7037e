package dev.idempotency.agent.store.jdbc.mariadb;

import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.grouped.GroupedWrites;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;
import dev.idempotency.agent.store.jdbc.RecordRows;
import dev.idempotency.agent.store.jdbc.RecordTable;
import dev.idempotency.agent.store.jdbc.TableSql;
import dev.idempotency.agent.store.jdbc.Transactions;
import dev.idempotency.agent.store.jdbc.WriteStrategy;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredRecord;

/**
 * MariaDB (and MySQL through the MariaDB driver). On MariaDB 10.5+ a new key is claimed first by
 * a plain {@code INSERT ... RETURNING} ({@link #insertRows}), which fails on a key that has a row
 * without writing it. A key that has a row (and every key on a server without {@code RETURNING})
 * goes through the full claim, one {@code INSERT ... ON DUPLICATE KEY UPDATE}; MariaDB 10.5+
 * returns the resulting row with {@code RETURNING}; elsewhere the row is read in the same
 * transaction, while the statement's exclusive row lock still holds it. Times are UTC
 * {@code DATETIME(6)} from the server clock.
 */
public final class MariaDbDialect extends Dialect {

    private static final Pattern MARIADB_VERSION = Pattern.compile("(\\d+)\\.(\\d+).*MariaDB.*");

    /** null until the first claim has asked the server. */
    private volatile Boolean returning;

    public MariaDbDialect() {
    }

    /** For tests: the transaction path MySQL servers take, on any server. */
    public static MariaDbDialect withoutReturning() {
        MariaDbDialect dialect = new MariaDbDialect();
        dialect.returning = false;
        return dialect;
    }

    @Override
    public String name() {
        return "MariaDB";
    }

    @Override
    public String kind() {
        return "mariadb";
    }

    /**
     * Grouped statements, as many in flight as the pool has connections (fewer measured slower at
     * 8 callers; two, as on PostgreSQL, gave the demo 1.29, 0.98 and 1.26 times the new keys a
     * second in three rounds and 0.95 in another run: not adopted on that, see docs/performance.md,
     * "Statements in flight"). Measured: 1.25-1.44 times the new keys per second of a commit per
     * write at 32 callers on a pool of 8, p99 halved; a lone caller runs the same single-row
     * statements as before. New keys inserted first: 0.90-0.94 of the raw INSERT+UPDATE pair at 1
     * and 8 callers, against 0.75-0.83 with the replay read and upsert.
     */
    @Override
    public WriteStrategy writeStrategy(RecordTable table, StoreSettings settings, long waitMillis) {
        return groupedWrites(table, settings.poolSize(), waitMillis);
    }

    /** @param inFlight grouped statements that may run at once */
    public GroupedWrites groupedWrites(RecordTable table, int inFlight, long waitMillis) {
        return new GroupedWrites(table, new MariaDbClaimRows(table, this, table.sql), this::insertsFirst, inFlight,
                waitMillis);
    }

    @Override
    public String driverClassName() {
        return "org.mariadb.jdbc.Driver";
    }

    @Override
    public String normaliseUrl(String url) {
        // Connector/J 3 accepts jdbc:mysql: only with an extra flag; the scheme is all that differs.
        return url.startsWith("jdbc:mysql:") ? "jdbc:mariadb:" + url.substring("jdbc:mysql:".length()) : url;
    }

    @Override
    public Properties connectionProperties(StoreSettings settings) {
        Properties properties = new Properties();
        properties.setProperty("connectTimeout", Long.toString(settings.connectTimeout().toMillis()));
        // No portable server-side statement timeout: the socket timeout bounds a statement, the lock wait a row lock.
        properties.setProperty("socketTimeout", Long.toString(settings.statementTimeout().toMillis() + 1000));
        properties.setProperty("sessionVariables",
                "innodb_lock_wait_timeout=" + seconds(settings.statementTimeout()));
        properties.setProperty("tcpKeepAlive", "true");
        return properties;
    }

    /**
     * Rows clustered in insertion order: the primary key is an {@code AUTO_INCREMENT} id and
     * {@code (scope, idem_key)} a unique key. Version 1 clustered the rows by {@code (scope,
     * idem_key)}, so on random keys the records that expire together sat on pages all over the
     * table and the purge read the table through the buffer pool (docs/performance.md, "At
     * volume"); it is still served ({@link #olderLayout}). No statement names the id: the claim's
     * {@code ON DUPLICATE KEY UPDATE} can only meet the unique key, as the id is never given.
     */
    public static final int VERSION = 2;

    @Override
    public int schemaVersion() {
        return VERSION;
    }

    @Override
    public List<String> createTable(String table) {
        return createTable(table, VERSION);
    }

    /** The table as version 1 or 2 lays it out (1 for tests and benchmarks of tables made before version 2). */
    public List<String> createTable(String table, int version) {
        String key = version == 1 ? "PRIMARY KEY (scope, idem_key), "
                : "PRIMARY KEY (id), UNIQUE KEY " + uniqueKeyName(table) + " (scope, idem_key), ";
        // Binary keys: compared byte for byte, without the case folding and space padding of text collations.
        return Collections.singletonList("CREATE TABLE IF NOT EXISTS " + table + " ("
                + (version == 1 ? "" : "id BIGINT NOT NULL AUTO_INCREMENT, ")
                + "scope VARBINARY(1020) NOT NULL, idem_key VARBINARY(255) NOT NULL, endpoint VARCHAR(255) NOT NULL, "
                + "fingerprint VARCHAR(128) NOT NULL, state VARCHAR(16) NOT NULL, owner VARCHAR(255) NOT NULL, "
                + "fencing_token BIGINT NOT NULL, lease_until DATETIME(6) NOT NULL, attempts INT NOT NULL, "
                + "first_request_id VARCHAR(255), response_status INT, response_headers MEDIUMTEXT, "
                + "response_body LONGBLOB, body_retained BOOLEAN, created_at DATETIME(6) NOT NULL, "
                + "completed_at DATETIME(6), expires_at DATETIME(6) NOT NULL, "
                + key + "KEY " + purgeIndexName(table) + " (expires_at)"
                + ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
    }

    /**
     * Turns a version 1 table into version 2, records kept: the first statement rebuilds the table
     * (reads go on, writes wait until it is done), the second records the version.
     */
    public static List<String> migrationToVersion2(String table, String metaTable) {
        return Collections.unmodifiableList(Arrays.asList("ALTER TABLE " + table + " DROP PRIMARY KEY, ADD COLUMN id BIGINT NOT NULL AUTO_INCREMENT FIRST, "
                + "ADD PRIMARY KEY (id), ADD UNIQUE KEY " + uniqueKeyName(table) + " (scope, idem_key), "
                + "ALGORITHM=INPLACE, LOCK=SHARED", "UPDATE " + metaTable + " SET schema_version = " + VERSION + " WHERE id = 1"));
    }

    private static String uniqueKeyName(String table) {
        return unqualified(table) + "_key";
    }

    @Override
    public String olderLayout(String table, String metaTable, int version) {
        if (version != 1) {
            return null;
        }
        return "Idempotency store table '" + table + "' has schema version 1: rows clustered by key, so its purge "
                + "reads pages all over the table and needs the table in InnoDB's buffer pool to keep pace. Served "
                + "as it is; tables created now have version " + VERSION + " (rows in insertion order). To migrate, "
                + "with every instance on this release (earlier ones refuse version " + VERSION + "): "
                + String.join("; ", migrationToVersion2(table, metaTable))
                + " (the ALTER rebuilds the table and holds writes until it is done; docs/operations.md, "
                + "\"Sizing the store\").";
    }

    /** 2 when the primary key is the id column, 1 when it is {@code (scope, idem_key)}, else 0. */
    @Override
    public int layoutOnServer(Connection connection, String table) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT GROUP_CONCAT(COLUMN_NAME ORDER BY "
                + "SEQ_IN_INDEX) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) "
                + "AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY'")) {
            query.setString(1, schemaOf(table));
            query.setString(2, unqualified(table));
            try (ResultSet key = query.executeQuery()) {
                String columns = key.next() ? key.getString(1) : null;
                return "id".equals(columns) ? 2 : "scope,idem_key".equals(columns) ? 1 : 0;
            }
        }
    }

    /** The database of a qualified table name; null for the connection's own. */
    private static String schemaOf(String table) {
        int dot = table.lastIndexOf('.');
        return dot < 0 ? null : table.substring(0, dot);
    }

    @Override
    public String now() {
        return "UTC_TIMESTAMP(6)";
    }

    @Override
    public String nowPlusMillis() {
        return "TIMESTAMPADD(MICROSECOND, ? * 1000, UTC_TIMESTAMP(6))";
    }

    @Override
    public Instant readInstant(ResultSet row, String column) throws SQLException {
        LocalDateTime value = row.getObject(column, LocalDateTime.class);
        return value == null ? null : value.toInstant(ZoneOffset.UTC);
    }

    @Override
    public String claimSql(TableSql sql) {
        return "INSERT INTO " + sql.table + " (" + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues
                + ") ON DUPLICATE KEY UPDATE " + TableSql.claimUpdate("", column -> "VALUES(" + column + ")", now());
    }

    @Override
    public StoredRecord claim(Connection connection, TableSql sql, ClaimRequest request, long newToken) throws SQLException {
        if (supportsReturning(connection)) {
            return runClaim(connection, sql.claim + " RETURNING " + sql.selectList, request, newToken);
        }
        return claimInTransaction(connection, sql, request, newToken);
    }

    /**
     * A claim of new keys only, bound and ready to run: one {@code INSERT ... RETURNING} (10.5+)
     * for all of them, returning their new records (as {@link TableSql#selectList}); null on a
     * server without RETURNING. A key that has a row fails the whole statement with a duplicate
     * key error and nothing of it is applied: a plain insert writes nothing to an existing row,
     * and, unlike {@code INSERT IGNORE}, turns no other error into a warning.
     */
    PreparedStatement insertRows(Connection connection, TableSql sql, List<NewClaim> claims)
            throws SQLException {
        if (!supportsReturning(connection)) {
            return null;
        }
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < claims.size(); i++) {
            rows.append(i == 0 ? "(" : ", (").append(sql.claimValues).append(')');
        }
        PreparedStatement statement = connection.prepareStatement("INSERT INTO " + sql.table + " ("
                + TableSql.CLAIM_COLUMNS + ") VALUES " + rows + " RETURNING " + sql.selectList);
        try {
            int parameter = 1;
            for (NewClaim claim : claims) {
                parameter = TableSql.bindClaim(statement, parameter, claim.request, claim.token);
            }
            return statement;
        } catch (SQLException | RuntimeException e) {
            statement.close();
            throw e;
        }
    }

    /** Which of the claims' keys have a row now: one plain read by primary key, locking nothing. */
    Set<List<String>> existingKeys(Connection connection, TableSql sql, List<NewClaim> claims)
            throws SQLException {
        StringJoiner pairs = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < claims.size(); i++) {
            pairs.add("(?, ?)");
        }
        Set<List<String>> existing = new HashSet<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT scope, idem_key FROM " + sql.table
                + " WHERE (scope, idem_key) IN " + pairs)) {
            int parameter = 1;
            for (NewClaim claim : claims) {
                query.setString(parameter++, claim.request.scope());
                query.setString(parameter++, claim.request.key());
            }
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    existing.add(Collections.unmodifiableList(Arrays.asList(row.getString(1), row.getString(2))));
                }
            }
        }
        return existing;
    }

    /** False once the server is known to have no RETURNING, and so no {@link #insertRows}. */
    boolean insertsFirst() {
        return !Boolean.FALSE.equals(returning);
    }

    private StoredRecord claimInTransaction(Connection connection, TableSql sql, ClaimRequest request, long newToken)
            throws SQLException {
        return Transactions.run(connection, () -> {
            try (PreparedStatement upsert = connection.prepareStatement(sql.claim)) {
                TableSql.bindClaim(upsert, 1, request, newToken);
                upsert.executeUpdate();
            }
            try (PreparedStatement find = connection.prepareStatement(sql.find)) {
                find.setString(1, request.scope());
                find.setString(2, request.key());
                try (ResultSet row = find.executeQuery()) {
                    return row.next() ? RecordRows.read(row, this) : null;
                }
            }
        });
    }

    private boolean supportsReturning(Connection connection) throws SQLException {
        Boolean known = returning;
        if (known == null) {
            DatabaseMetaData metaData = connection.getMetaData();
            Matcher version = MARIADB_VERSION.matcher(metaData.getDatabaseProductVersion());
            known = version.matches() && (Integer.parseInt(version.group(1)) > 10
                    || Integer.parseInt(version.group(1)) == 10 && Integer.parseInt(version.group(2)) >= 5);
            returning = known;
        }
        return known;
    }

    /** InnoDB's row estimate (its statistics) for a large table. */
    @Override
    public long countRecords(Connection connection, TableSql sql) throws SQLException {
        return estimatedOrExact(connection, sql, "SELECT TABLE_ROWS FROM information_schema.TABLES "
                + "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?", unqualified(sql.table));
    }

    /**
     * Data and index length as InnoDB estimates them (its statistics, refreshed as the table
     * changes or by {@code ANALYZE TABLE}).
     */
    @Override
    public long bytesOnDisk(Connection connection, TableSql sql, String url) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT DATA_LENGTH + INDEX_LENGTH FROM "
                + "information_schema.TABLES WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?")) {
            query.setString(1, schemaOf(sql.table));
            query.setString(2, unqualified(sql.table));
            try (ResultSet size = query.executeQuery()) {
                return size.next() ? size.getLong(1) : -1;
            }
        }
    }

    @Override
    public String purgeExpired(String table) {
        return "DELETE FROM " + table + " WHERE expires_at <= UTC_TIMESTAMP(6) ORDER BY expires_at LIMIT ?";
    }
}
