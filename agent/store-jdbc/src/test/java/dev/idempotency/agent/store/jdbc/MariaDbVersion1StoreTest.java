package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The store contract on a table of schema version 1 (rows clustered by {@code (scope, idem_key)}),
 * made as agents before version 2 made it: the store serves it as it is.
 */
class MariaDbVersion1StoreTest extends MariaDbStoreTest {

    @Override
    StoreSettings settings(String table) {
        StoreSettings settings = super.settings(table);
        MariaDbTableLayoutTest.createVersion1(settings);
        return settings;
    }
}
