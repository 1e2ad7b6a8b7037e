package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;

import dev.idempotency.agent.vocabulary.StoreSettings;
/** The embedded store with every caller committing on its own connection (the path of the server databases). */
class H2WithoutGroupCommitStoreTest extends H2StoreTest {

    @Override
    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, new H2Dialect(), (table, unused, waitMillis) -> new CommitPerWrite(table));
    }
}
