package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import dev.idempotency.agent.vocabulary.StoreSettings;

class PostgresGroupedStatementsTest extends GroupedStatementsOnDatabaseTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.postgres(table);
    }

    /** Two, whatever the pool's size: each statement more in flight is a commit more per group. */
    @Override
    int statementsInFlight(StoreSettings settings) {
        return 2;
    }

    @Override
    WriteStrategy oneInFlight(RecordTable table, StoreSettings settings, long waitMillis) {
        return PostgresGroupedStatementsStoreTest.oneInFlight(table, settings, waitMillis);
    }

    @Override
    boolean killLockWaiter(Connection admin, String table) throws SQLException {
        try (PreparedStatement kill = admin.prepareStatement("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                + "WHERE wait_event_type = 'Lock' AND query LIKE ?")) {
            kill.setString(1, "UPDATE " + table + " %");
            try (ResultSet killed = kill.executeQuery()) {
                return killed.next() && killed.getBoolean(1);
            }
        }
    }
}
