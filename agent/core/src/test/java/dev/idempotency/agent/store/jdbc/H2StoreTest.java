package dev.idempotency.agent.store.jdbc;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

class H2StoreTest extends StoreContractTest {

    @TempDir
    Path directory;

    @Override
    StoreSettings settings(String table) {
        return StoreSettings.forUrl("jdbc:h2:file:" + directory.resolve("store").toAbsolutePath())
                .withTable(table)
                .withPoolSize(16);
    }

    @Override
    void cleanUp(StoreSettings settings) {
        // the temporary directory goes with the test
    }
}
