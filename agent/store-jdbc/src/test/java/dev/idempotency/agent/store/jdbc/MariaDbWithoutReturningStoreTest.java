package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import dev.idempotency.agent.vocabulary.StoreSettings;
/** The claim path of servers without {@code INSERT ... RETURNING} (MySQL, MariaDB before 10.5). */
class MariaDbWithoutReturningStoreTest extends MariaDbStoreTest {

    @Override
    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, MariaDbDialect.withoutReturning());
    }
}
