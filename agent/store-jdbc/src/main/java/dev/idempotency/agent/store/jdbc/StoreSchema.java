package dev.idempotency.agent.store.jdbc;


import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the record table if absent and records its layout version in {@code <table>_meta}, so
 * an agent never writes into a table laid out for another version. A dialect may still serve an
 * older version of its own ({@link Dialect#olderLayout}): the store then says so once, when it
 * opens, with the migration. Where the dialect can read the layout from the catalog, a recorded
 * version that does not match it is said too, with the fix.
 */
final class StoreSchema {

    /** The layout version of H2 and PostgreSQL tables; MariaDB's is {@code MariaDbDialect.VERSION}. */
    static final int VERSION = 1;

    private static final Logger LOG = LoggerFactory.getLogger(StoreSchema.class);

    private StoreSchema() {
    }

    /** @return what was logged about the table's layout (an older one, or a wrong record of it); null for nothing */
    static String ensure(Connection connection, TableSql sql) throws SQLException {
        String notice;
        try {
            notice = ensureOnce(connection, sql);
        } catch (SQLException e) {
            // Two instances creating the same table at once can collide inside the catalog; the second look sees it.
            notice = ensureOnce(connection, sql);
        }
        if (notice != null) {
            LOG.warn(notice);
        }
        return notice;
    }

    private static String ensureOnce(Connection connection, TableSql sql) throws SQLException {
        Dialect dialect = sql.dialect;
        try (Statement statement = connection.createStatement()) {
            statement.execute(dialect.createMetaTable(sql.metaTable));
        }
        Integer found = recordedVersion(connection, sql.metaTable);
        if (found == null) {
            try (Statement statement = connection.createStatement()) {
                for (String ddl : dialect.createTable(sql.table)) {
                    statement.execute(ddl);
                }
            }
        }
        int onServer = dialect.layoutOnServer(connection, sql.table);
        if (found == null) {
            // A table that was there already (its _meta dropped) is recorded as what it is.
            found = recordVersion(connection, sql, onServer != 0 ? onServer : dialect.schemaVersion());
        }
        String older = found == dialect.schemaVersion() ? null : dialect.olderLayout(sql.table, sql.metaTable, found);
        if (found != dialect.schemaVersion() && older == null) {
            throw new StoreSchemaException("Idempotency store table '" + sql.table + "' has schema version " + found
                    + " (recorded in '" + sql.metaTable + "'), but this agent expects version " + dialect.schemaVersion()
                    + ". Point the agent at another table, or migrate or drop the existing one.");
        }
        if (onServer != 0 && onServer != found) {
            // The statements are the same for every layout served: only the record is wrong.
            return "Idempotency store table '" + sql.table + "' has the layout of schema version " + onServer + ", but '"
                    + sql.metaTable + "' records version " + found + "; served as it is. Record the layout it has: UPDATE "
                    + sql.metaTable + " SET schema_version = " + onServer + " WHERE id = 1";
        }
        return older;
    }

    private static Integer recordedVersion(Connection connection, String metaTable) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT schema_version FROM " + metaTable + " WHERE id = 1")) {
            return row.next() ? row.getInt(1) : null;
        }
    }

    private static int recordVersion(Connection connection, TableSql sql, int version) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO " + sql.metaTable + " (id, schema_version) VALUES (1, ?)")) {
            insert.setInt(1, version);
            insert.executeUpdate();
            return version;
        } catch (SQLException e) {
            if (!sql.dialect.isDuplicateKey(e)) {
                throw e;
            }
            Integer winner = recordedVersion(connection, sql.metaTable);
            return winner == null ? version : winner;
        }
    }
}
