package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.testing.StoreContractTest;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store contract on one database, and what only a database store must do (schemas, reopening). */
abstract class JdbcStoreContractTest extends StoreContractTest {

    StoreSettings settings;

    /** Settings of a fresh table in the database under test (skips or fails when it is unreachable). */
    abstract StoreSettings settings(String table);

    /** Removes what the test left behind. */
    abstract void cleanUp(StoreSettings settings);

    JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()));
    }

    /** A schema (a database, for MariaDB) to put a table in. */
    String createSchema(String schema) {
        return "CREATE SCHEMA IF NOT EXISTS " + schema;
    }

    String dropSchema(String schema) {
        return "DROP SCHEMA IF EXISTS " + schema + " CASCADE";
    }

    @Test
    void theFootprintTellsTheBytesOnDisk() {
        store.claim(new ClaimRequest("s", "k", "e", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1)));

        assertThat(store.footprint().bytesOnDisk()).as("table and indexes, or the H2 file").isPositive();
    }

    @Override
    protected IdempotencyStore openStore() {
        settings = settings(TestDatabases.uniqueTable());
        return open(settings);
    }

    @Override
    protected void closeStore(IdempotencyStore store) {
        store.close();
        cleanUp(settings);
    }

    @Test
    void aTableInASchemaOfItsOwnIsCreatedAndServes() {
        String schema = "idem_schema_" + TestDatabases.uniqueTable().substring(5, 13);
        TestDatabases.execute(settings, createSchema(schema));
        StoreSettings qualified = settings.withTable(schema + "." + TestDatabases.uniqueTable());
        try (JdbcIdempotencyStore inSchema = open(qualified)) {
            long token = inSchema.claim(request("k", "fp", "o1")).record().fencingToken();
            assertThat(inSchema.complete("scope-a", "k", token, response("done"), TTL)).isTrue();
            assertThat(inSchema.claim(request("k", "fp", "o2")).record().state()).isEqualTo(RecordState.COMPLETED);
            assertThat(inSchema.purgeExpired(10)).isZero();
            assertThat(store.find("scope-a", "k")).as("the default schema's table is another one").isEmpty();
        } finally {
            TestDatabases.execute(settings, dropSchema(schema));
        }
    }

    @Test
    void replayCountsNotYetWrittenAreWrittenOnClose() {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();
        store.complete("scope-a", "k", token, response("done"), TTL);
        for (int i = 0; i < 3; i++) {
            store.claim(request("k", "fp", "retry-" + i));
        }

        store.close();
        store = open(settings);

        assertThat(store.find("scope-a", "k").get().attempts()).isEqualTo(4);
    }

    @Test
    void schemaIsCreatedOnceAndReopened() {
        long token = store.claim(request("k", "fp", "o")).record().fencingToken();
        store.complete("scope-a", "k", token, response("kept"), TTL);
        store.close();

        store = open(settings);
        JdbcIdempotencyStore second = open(settings);
        try {
            assertThat(second.find("scope-a", "k")).get().extracting(StoredRecord::state)
                    .isEqualTo(RecordState.COMPLETED);
        } finally {
            second.close();
        }
        assertThat(store.claim(request("k", "fp", "o")).record().attempts()).isEqualTo(2);
    }

    @Test
    void incompatibleSchemaVersionIsRefusedByName() {
        store.close();
        TestDatabases.execute(settings, "UPDATE " + settings.table() + "_meta SET schema_version = 99");

        assertThatThrownBy(() -> open(settings))
                .isInstanceOf(StoreSchemaException.class)
                .hasMessageContaining("'" + settings.table() + "'")
                .hasMessageContaining("version 99")
                .hasMessageContaining("expects version " + JdbcStores.dialectFor(settings.url()).schemaVersion());
        store = open(settings.withTable(settings.table() + "x"));
        cleanUp(settings);
        settings = settings.withTable(settings.table() + "x");
    }
}
