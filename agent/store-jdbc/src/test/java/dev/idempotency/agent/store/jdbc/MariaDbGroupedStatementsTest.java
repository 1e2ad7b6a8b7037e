package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import dev.idempotency.agent.vocabulary.StoreSettings;

class MariaDbGroupedStatementsTest extends GroupedStatementsOnDatabaseTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.mariadb(table);
    }

    /** As many as the pool has connections. */
    @Override
    int statementsInFlight(StoreSettings settings) {
        return settings.poolSize();
    }

    @Override
    WriteStrategy oneInFlight(RecordTable table, StoreSettings settings, long waitMillis) {
        return MariaDbGroupedStatementsStoreTest.oneInFlight(table, settings, waitMillis);
    }

    @Override
    boolean killLockWaiter(Connection admin, String table) throws SQLException {
        long id;
        try (PreparedStatement find = admin.prepareStatement("SELECT ID FROM information_schema.PROCESSLIST "
                + "WHERE COMMAND = 'Query' AND INFO LIKE ?")) {
            find.setString(1, "UPDATE " + table + " %");
            try (ResultSet waiter = find.executeQuery()) {
                if (!waiter.next()) {
                    return false;
                }
                id = waiter.getLong(1);
            }
        }
        try (Statement kill = admin.createStatement()) {
            kill.execute("KILL " + id);
        }
        return true;
    }
}
