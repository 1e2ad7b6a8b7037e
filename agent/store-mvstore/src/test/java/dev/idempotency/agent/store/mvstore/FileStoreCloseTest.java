package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing the file store compacts its file ({@code MvStoreCompaction.atClose}): while it is open,
 * chunks freed in the last 45 s (MVStore's retention) cannot be reused, so records written one
 * commit each leave several KB of file a record until the close, and a few hundred bytes after it.
 */
class FileStoreCloseTest {

    @TempDir
    Path directory;

    @Test
    void closingTheStoreCompactsItsFile() {
        String url = FileStores.URL_PREFIX + directory.resolve("agent").toAbsolutePath();
        Path file = FileStores.storeFile(url);
        int records = 400;
        long open;
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            for (int i = 0; i < records; i++) {
                complete(store, "k-" + i);
            }
            open = size(file);
        }
        long closed = size(file);
        assertThat(closed).as("bytes of file after the close, against %d before it", open).isLessThan(open / 4);
        assertThat(closed / records).as("bytes of file per record after the close").isLessThan(1_500);
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(store.find("s", "k-0")).isPresent();
            assertThat(store.find("s", "k-" + (records - 1))).isPresent();
        }
    }

    private static void complete(IdempotencyStore store, String key) {
        long token = store.claim(new ClaimRequest("s", key, "e", "fp", "o", "r", Duration.ofSeconds(30),
                Duration.ofHours(1))).record().fencingToken();
        assertThat(store.complete("s", key, token,
                new StoredResponse(201, Map.of(), "body".getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1)))
                .isTrue();
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
