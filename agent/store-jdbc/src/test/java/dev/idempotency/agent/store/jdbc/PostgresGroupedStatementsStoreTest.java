package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.postgres.PostgresDialect;

import dev.idempotency.agent.vocabulary.StoreSettings;

/** The contract with concurrent new-key claims and completions sharing statements, one in flight at a time. */
class PostgresGroupedStatementsStoreTest extends PostgresStoreTest {

    @Override
    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()), PostgresGroupedStatementsStoreTest::oneInFlight);
    }

    static WriteStrategy oneInFlight(RecordTable table, StoreSettings settings, long waitMillis) {
        return ((PostgresDialect) table.dialect).groupedWrites(table, 1, waitMillis);
    }
}
