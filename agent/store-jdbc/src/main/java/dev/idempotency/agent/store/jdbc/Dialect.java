package dev.idempotency.agent.store.jdbc;


import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Properties;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredRecord;

/**
 * What differs between the databases: driver, column types, the clock expression, the one
 * atomic statement that claims a key, and how the store writes ({@link WriteStrategy}).
 */
public abstract class Dialect {

    /** The database's name in messages: "H2", "PostgreSQL", "MariaDB". */
    public abstract String name();

    /** The database's short name in the agent's start-up line and status: "h2", "postgresql", "mariadb". */
    public abstract String kind();

    /** Whether a store at this URL runs inside this JVM (and is closed by the agent at a stop). */
    public boolean inThisProcess(String url) {
        return false;
    }

    /**
     * How this database's store claims, completes and commits, chosen once when the store opens.
     *
     * @param waitMillis how long a caller may wait for a write queued behind others
     */
    public abstract WriteStrategy writeStrategy(RecordTable table, StoreSettings settings, long waitMillis);

    /** Loaded by name through this class's loader: the relocated agent jar cannot rely on DriverManager. */
    public abstract String driverClassName();

    /** The URL handed to the driver (defaults that matter for safety are added here). */
    public String normaliseUrl(String url) {
        return url;
    }

    /** Driver properties bounding connect and statement time, so a dead store fails fast. */
    public abstract Properties connectionProperties(StoreSettings settings);

    /**
     * Whether {@code failure} left its connection unusable beyond what the pool recognises itself
     * (network errors, SQLState class 08): the store then evicts it from the pool at once.
     */
    public boolean breaksConnection(SQLException failure) {
        return false;
    }

    /** Settles settings of the database itself, once per store, on its first connection. */
    public void prepareDatabase(Connection connection) throws SQLException {
    }

    /** Statements creating the record table and its purge index, each a no-op when they exist. */
    public abstract List<String> createTable(String table);

    /**
     * The layout version of the tables {@link #createTable} makes, recorded in {@code <table>_meta}
     * ({@link StoreSchema}).
     */
    public int schemaVersion() {
        return StoreSchema.VERSION;
    }

    /**
     * For a table of an older layout version that this dialect still serves with the same
     * statements: what to log once when the store opens (what the older layout costs and how to
     * migrate). Null for a version it does not serve: the store refuses the table.
     */
    public String olderLayout(String table, String metaTable, int version) {
        return null;
    }

    /**
     * The layout version the table has on the server (read from the catalog), or 0 where this
     * dialect cannot tell; checked against the version recorded in {@code <table>_meta}.
     */
    public int layoutOnServer(Connection connection, String table) throws SQLException {
        return 0;
    }

    /** The database clock; every lease and expiry is judged by it. */
    public abstract String now();

    /** An expression for the database clock plus a number of milliseconds given as one parameter. */
    public abstract String nowPlusMillis();

    public Instant readInstant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    /** The claim statement of this table, built once (see {@link TableSql#claim}). */
    public abstract String claimSql(TableSql sql);

    /**
     * Claims the key in one atomic step and returns the row as it stands after it; {@code null} when
     * the row vanished in a race (the caller runs the claim again). The row's attempt count is 1
     * exactly when this call created (or replaced an expired) record, which is how the caller
     * learns that it holds the claim.
     */
    public StoredRecord claim(Connection connection, TableSql sql, ClaimRequest request, long newToken) throws SQLException {
        return runClaim(connection, sql.claim, request, newToken);
    }

    /** Runs a claim statement that returns the record (the values of {@link TableSql#claimValues} first); null for no row. */
    public StoredRecord runClaim(Connection connection, String statementSql, ClaimRequest request, long newToken)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(statementSql)) {
            TableSql.bindClaim(statement, 1, request, newToken);
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? RecordRows.read(row, this) : null;
            }
        }
    }

    /**
     * How many rows the table has: exact below a million (or where counting is cheap), else the
     * server's own estimate, so that a gauge never scans a table of many millions.
     */
    public long countRecords(Connection connection, TableSql sql) throws SQLException {
        return exactCount(connection, sql);
    }

    public static long exactCount(Connection connection, TableSql sql) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql.countAll);
                ResultSet count = query.executeQuery()) {
            count.next();
            return count.getLong(1);
        }
    }

    /** The estimate when it is at least {@value #EXACT_COUNT_BELOW} rows, else the exact count. */
    public static long estimatedOrExact(Connection connection, TableSql sql, String estimateSql, String table)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(estimateSql)) {
            query.setString(1, table);
            try (ResultSet estimate = query.executeQuery()) {
                if (estimate.next() && estimate.getLong(1) >= EXACT_COUNT_BELOW) {
                    return estimate.getLong(1);
                }
            }
        }
        return exactCount(connection, sql);
    }

    static final long EXACT_COUNT_BELOW = 1_000_000;

    /**
     * The bytes the record table takes on disk, indexes included; -1 when this database cannot
     * tell. The servers report table and index size; H2 the size of its whole file.
     */
    public abstract long bytesOnDisk(Connection connection, TableSql sql, String url) throws SQLException;

    /** Deletes at most the given number of expired rows; one parameter: the batch size. */
    public abstract String purgeExpired(String table);

    /** Appended to a query to bound its rows; one parameter. */
    public String limit() {
        return " LIMIT ?";
    }

    /**
     * The name of the table's purge index. PostgreSQL and MariaDB create an index in its table's
     * schema and refuse a qualified index name, so only the table's own name is used; H2 takes the
     * schema too (otherwise it would look in the connection's current schema).
     */
    public String purgeIndexName(String table) {
        return unqualified(table) + "_expires_at";
    }

    /** {@code idempotency_record} of {@code app.idempotency_record}. */
    public static String unqualified(String table) {
        return table.substring(table.lastIndexOf('.') + 1);
    }

    /** The record table in standard SQL, given the dialect's names for three column types. */
    public List<String> standardCreateTable(String table, String timestamp, String text, String binary) {
        return Collections.unmodifiableList(Arrays.asList("CREATE TABLE IF NOT EXISTS " + table + " ("
                + "scope VARCHAR(255) NOT NULL, idem_key VARCHAR(255) NOT NULL, endpoint VARCHAR(255) NOT NULL, "
                + "fingerprint VARCHAR(128) NOT NULL, state VARCHAR(16) NOT NULL, owner VARCHAR(255) NOT NULL, "
                + "fencing_token BIGINT NOT NULL, lease_until " + timestamp + " NOT NULL, attempts INT NOT NULL, "
                + "first_request_id VARCHAR(255), response_status INT, response_headers " + text + ", "
                + "response_body " + binary + ", body_retained BOOLEAN, created_at " + timestamp + " NOT NULL, "
                + "completed_at " + timestamp + ", expires_at " + timestamp + " NOT NULL, "
                + "PRIMARY KEY (scope, idem_key))", "CREATE INDEX IF NOT EXISTS " + purgeIndexName(table) + " ON " + table + " (expires_at)"));
    }

    /** Whole seconds, rounded up, for drivers and settings that take seconds. */
    public static long seconds(Duration duration) {
        return Math.max(1, (duration.toMillis() + 999) / 1000);
    }

    public String createMetaTable(String metaTable) {
        return "CREATE TABLE IF NOT EXISTS " + metaTable + " (id INT NOT NULL PRIMARY KEY, schema_version INT NOT NULL)";
    }

    public boolean isDuplicateKey(SQLException e) {
        return "23505".equals(e.getSQLState()) || e.getErrorCode() == 1062;
    }

    /** Deadlocks and serialization failures: the statement may simply be run again. */
    public boolean isRetryable(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.equals("40001") || state.equals("40P01"));
    }
}
