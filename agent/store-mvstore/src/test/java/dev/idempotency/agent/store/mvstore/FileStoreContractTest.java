package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.testing.StoreContractTest;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class FileStoreContractTest extends StoreContractTest {

    @TempDir
    Path directory;

    @Override
    protected IdempotencyStore openStore() {
        return FileStores.open(StoreSettings.forUrl(FileStores.URL_PREFIX + directory.resolve("agent")));
    }
}
