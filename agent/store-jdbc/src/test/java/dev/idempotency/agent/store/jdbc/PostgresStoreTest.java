package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
class PostgresStoreTest extends JdbcStoreContractTest {

    @Override
    StoreSettings settings(String table) {
        return TestDatabases.postgres(table);
    }

    @Override
    void cleanUp(StoreSettings settings) {
        TestDatabases.dropTables(settings);
    }
}
