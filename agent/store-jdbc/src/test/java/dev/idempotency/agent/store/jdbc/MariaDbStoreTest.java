package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
class MariaDbStoreTest extends JdbcStoreContractTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.mariadb(table);
    }

    /** A MariaDB schema is a database. */
    @Override
    String createSchema(String schema) {
        return "CREATE DATABASE IF NOT EXISTS " + schema;
    }

    @Override
    String dropSchema(String schema) {
        return "DROP DATABASE IF EXISTS " + schema;
    }

    @Override
    void cleanUp(StoreSettings settings) {
        TestDatabases.dropTables(settings);
    }
}
