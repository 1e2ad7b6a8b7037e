package dev.idempotency.agent.store.jdbc.h2;

import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.RecordTable;
import dev.idempotency.agent.store.jdbc.TableSql;
import dev.idempotency.agent.store.jdbc.WriteStrategy;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * H2, the embedded default. A new key is claimed by a plain {@code INSERT}, a key that already has
 * a row by one {@code MERGE ... USING}, each read back through {@code FINAL TABLE}. H2 does not lock a key
 * that is not there yet, so two racing claims of a new key can both take the insert branch: the
 * primary key rejects the second (SQLState 23505) and {@link WriteStrategy#claimOn} runs its claim
 * again, which then meets the winner's row.
 */
public final class H2Dialect extends Dialect {

    @Override
    public String name() {
        return "H2";
    }

    @Override
    public String driverClassName() {
        return "org.h2.Driver";
    }

    /**
     * H2 writes commits to its file up to 500 ms late by default: a killed JVM would lose them and
     * replay nothing for requests it had answered. {@code WRITE_DELAY=0} writes each commit before
     * returning (a process crash then loses nothing; an operating-system crash still may).
     * {@code RETENTION_TIME} stays at H2's 45 s although it keeps that long of freed chunks in the
     * file: with commits written at once a killed process is safe at any retention, but a lower
     * one lets a new chunk overwrite a chunk emptied moments before, and after an operating-system
     * crash or power loss that left the chunk that emptied it unwritten, H2 may not open the file.
     *
     * <p>{@code DB_CLOSE_ON_EXIT=FALSE}: H2 would otherwise close the database from a shutdown hook
     * of its own, racing the agent's hook that writes the outcomes still queued behind their
     * answers (and requests still finishing during a stop): their keys would turn unknown although
     * the clients had their answers. The agent's hook closes the store itself once they are
     * written (compacting the file); a stop that ends before that leaves the file as a killed
     * process does, which loses nothing here. H2 refuses it
     * beside {@code AUTO_SERVER=TRUE}, whose server its own hook must stop: such a URL keeps the race
     * (docs/operations.md says so).
     */
    @Override
    public String normaliseUrl(String url) {
        String upper = url.toUpperCase(Locale.ROOT);
        String normalised = upper.contains(";WRITE_DELAY=") ? url : url + ";WRITE_DELAY=0";
        boolean closesItself = upper.contains(";DB_CLOSE_ON_EXIT=") || upper.contains(";AUTO_SERVER=TRUE");
        return closesItself ? normalised : normalised + ";DB_CLOSE_ON_EXIT=FALSE";
    }

    @Override
    public String kind() {
        return "h2";
    }

    /** A file, or memory; not an H2 server reached over {@code tcp:} or {@code ssl:}. */
    @Override
    public boolean inThisProcess(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        return !lower.startsWith("jdbc:h2:tcp:") && !lower.startsWith("jdbc:h2:ssl:");
    }

    /** H2 is lock-bound with many writers and writes its file once per commit: batching wins twice. */
    @Override
    public WriteStrategy writeStrategy(RecordTable table, StoreSettings settings, long waitMillis) {
        return new GroupCommit(table, waitMillis, new H2FileCompaction());
    }

    /**
     * No trace file: H2 would append a stack trace to {@code <file>.trace.db} for every failed
     * statement, and during a disk-full outage refill the space freed to end it. The agent reports
     * store failures itself, once per cause.
     */
    @Override
    public Properties connectionProperties(StoreSettings settings) {
        Properties properties = new Properties();
        properties.setProperty("LOCK_TIMEOUT", Long.toString(settings.statementTimeout().toMillis()));
        if (!settings.url().toUpperCase(Locale.ROOT).contains(";TRACE_LEVEL_FILE=")) {
            properties.setProperty("TRACE_LEVEL_FILE", "0");
        }
        return properties;
    }

    /** Small bodies in their row: see {@link H2Files#keepSmallLobsInRow}. */
    @Override
    public void prepareDatabase(Connection connection) throws SQLException {
        H2Files.keepSmallLobsInRow(connection);
    }

    @Override
    public boolean breaksConnection(SQLException failure) {
        return H2FatalErrors.isFatal(failure);
    }

    /** H2 resolves an unqualified index name in the current schema, not the table's. */
    @Override
    public String purgeIndexName(String table) {
        return table + "_expires_at";
    }

    @Override
    public List<String> createTable(String table) {
        return standardCreateTable(table, "TIMESTAMP WITH TIME ZONE", "CHARACTER LARGE OBJECT", "BINARY LARGE OBJECT");
    }

    @Override
    public String now() {
        return "CURRENT_TIMESTAMP";
    }

    @Override
    public String nowPlusMillis() {
        return "DATEADD(MILLISECOND, CAST(? AS BIGINT), CURRENT_TIMESTAMP)";
    }

    @Override
    public String claimSql(TableSql sql) {
        String source = "s.";
        return "SELECT " + sql.selectList + " FROM FINAL TABLE (MERGE INTO " + sql.table + " r USING (SELECT "
                + "CAST(? AS VARCHAR(255)) scope, CAST(? AS VARCHAR(255)) idem_key, CAST(? AS VARCHAR(255)) endpoint, "
                + "CAST(? AS VARCHAR(128)) fingerprint, 'IN_PROGRESS' state, CAST(? AS VARCHAR(255)) owner, "
                + "CAST(? AS BIGINT) fencing_token, " + nowPlusMillis() + " lease_until, 1 attempts, "
                + "CAST(? AS VARCHAR(255)) first_request_id, " + now() + " created_at, " + nowPlusMillis()
                + " expires_at) s ON r.scope = s.scope AND r.idem_key = s.idem_key "
                + "WHEN MATCHED THEN UPDATE SET " + TableSql.claimUpdate("r.", column -> source + column, now())
                + " WHEN NOT MATCHED THEN INSERT (" + TableSql.CLAIM_COLUMNS + ") VALUES (s."
                + TableSql.CLAIM_COLUMNS.replace(", ", ", s.") + "))";
    }

    /** A claim of a key without a row: a plain insert read back through {@code FINAL TABLE}. */
    private static String freshClaimSql(TableSql sql) {
        return "SELECT " + sql.selectList + " FROM FINAL TABLE (INSERT INTO " + sql.table + " ("
                + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues + "))";
    }

    /**
     * A new key (the common case) takes {@link #freshClaimSql}, which H2 prepares once per
     * connection and then finds in its query cache (the text is built per claim: far cheaper than
     * the commit, and the same text each time). The {@code MERGE ... USING} is parsed and
     * planned anew at every execution (about a third of the writer's time per new key when it
     * served every claim), so it runs only when the key has a row already: a concurrent
     * duplicate, a conflicting repeat, an expired record to replace.
     */
    @Override
    public StoredRecord claim(Connection connection, TableSql sql, ClaimRequest request, long newToken) throws SQLException {
        try {
            return runClaim(connection, freshClaimSql(sql), request, newToken);
        } catch (SQLException e) {
            if (!isDuplicateKey(e)) {
                throw e;
            }
            return super.claim(connection, sql, request, newToken);
        }
    }

    /** The database file's size: H2 keeps every table of a database in one file. */
    @Override
    public long bytesOnDisk(Connection connection, TableSql sql, String url) {
        Path file = databaseFile(url);
        try {
            return file == null ? -1 : Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    /** {@code <path>.mv.db} of a file URL ({@code jdbc:h2:file:<path>} or {@code jdbc:h2:<path>}); null for memory and server URLs. */
    public static Path databaseFile(String url) {
        String rest = url.substring("jdbc:h2:".length());
        int options = rest.indexOf(';');
        if (options >= 0) {
            rest = rest.substring(0, options);
        }
        if (rest.startsWith("file:")) {
            rest = rest.substring("file:".length());
        } else if (rest.matches("[A-Za-z]{2,}:.*")) {
            // mem:, tcp:, ssl:, zip: and the other file systems: no local file of its own to measure.
            return null;
        }
        if (rest.startsWith("~")) {
            rest = System.getProperty("user.home") + rest.substring(1);
        }
        return Paths.get(rest + ".mv.db");
    }

    @Override
    public String purgeExpired(String table) {
        return "DELETE FROM " + table + " WHERE expires_at <= CURRENT_TIMESTAMP FETCH FIRST ? ROWS ONLY";
    }
}
