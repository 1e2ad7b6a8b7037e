package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Creates the record table if absent and records its layout version in {@code <table>_meta}, so
 * an agent never writes into a table laid out for another version.
 */
final class StoreSchema {

    static final int VERSION = 1;

    private StoreSchema() {
    }

    static void ensure(Connection connection, TableSql sql) throws SQLException {
        try {
            ensureOnce(connection, sql);
        } catch (SQLException e) {
            // Two instances creating the same table at once can collide inside the catalog; the second look sees it.
            ensureOnce(connection, sql);
        }
    }

    private static void ensureOnce(Connection connection, TableSql sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql.dialect.createMetaTable(sql.metaTable));
        }
        Integer found = recordedVersion(connection, sql.metaTable);
        if (found == null) {
            try (Statement statement = connection.createStatement()) {
                for (String ddl : sql.dialect.createTable(sql.table)) {
                    statement.execute(ddl);
                }
            }
            found = recordVersion(connection, sql);
        }
        if (found != VERSION) {
            throw new StoreSchemaException("Idempotency store table '" + sql.table + "' has schema version " + found
                    + " (recorded in '" + sql.metaTable + "'), but this agent expects version " + VERSION
                    + ". Point the agent at another table, or migrate or drop the existing one.");
        }
    }

    private static Integer recordedVersion(Connection connection, String metaTable) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT schema_version FROM " + metaTable + " WHERE id = 1")) {
            return row.next() ? row.getInt(1) : null;
        }
    }

    private static int recordVersion(Connection connection, TableSql sql) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO " + sql.metaTable + " (id, schema_version) VALUES (1, ?)")) {
            insert.setInt(1, VERSION);
            insert.executeUpdate();
            return VERSION;
        } catch (SQLException e) {
            if (!sql.dialect.isDuplicateKey(e)) {
                throw e;
            }
            Integer winner = recordedVersion(connection, sql.metaTable);
            return winner == null ? VERSION : winner;
        }
    }
}
