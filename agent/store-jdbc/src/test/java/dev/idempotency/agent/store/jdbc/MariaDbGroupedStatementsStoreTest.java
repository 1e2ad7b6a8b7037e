package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import dev.idempotency.agent.vocabulary.StoreSettings;

/** The contract with concurrent claims and completions sharing statements, one in flight at a time. */
class MariaDbGroupedStatementsStoreTest extends MariaDbStoreTest {

    @Override
    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()), MariaDbGroupedStatementsStoreTest::oneInFlight);
    }

    static WriteStrategy oneInFlight(RecordTable table, StoreSettings settings, long waitMillis) {
        return ((MariaDbDialect) table.dialect).groupedWrites(table, 1, waitMillis);
    }
}
