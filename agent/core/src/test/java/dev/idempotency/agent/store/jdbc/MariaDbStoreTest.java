package dev.idempotency.agent.store.jdbc;

class MariaDbStoreTest extends StoreContractTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.mariadb(table);
    }

    @Override
    void cleanUp(StoreSettings settings) {
        TestDatabases.dropTables(settings);
    }
}
