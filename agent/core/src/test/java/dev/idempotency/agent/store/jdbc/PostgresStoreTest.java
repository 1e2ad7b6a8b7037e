package dev.idempotency.agent.store.jdbc;

class PostgresStoreTest extends StoreContractTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.postgres(table);
    }

    @Override
    void cleanUp(StoreSettings settings) {
        TestDatabases.dropTables(settings);
    }
}
