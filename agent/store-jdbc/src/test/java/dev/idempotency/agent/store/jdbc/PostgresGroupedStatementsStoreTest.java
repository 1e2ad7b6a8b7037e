package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;

/** The contract with concurrent claims and completions sharing statements, one in flight at a time. */
class PostgresGroupedStatementsStoreTest extends PostgresStoreTest {

    @Override
    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, Dialect.forUrl(settings.url()), WriteStrategy.groupedStatements(1));
    }
}
