package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.mvstore.FileStores;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file store as the operator's commands reach it in a running service: the store's own
 * methods behind the note's secret, records and responses as bytes of JDK types.
 */
class FileStoreAccessTest {

    private static final String SECRET = "s3cret";

    @TempDir
    Path directory;

    @Test
    void theCommandsCallsRunOnTheStoreAndItsRecordsComeBackWhole() throws IOException {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccess access = access(store);
            ClaimResult claimed = store.claim(claim("k1"));
            long token = claimed.record().fencingToken();

            List<StoredRecord> found = RecordWire.records(access.find(SECRET, "acme", "k1"));
            assertThat(found).hasSize(1);
            assertThat(found.get(0).state()).isEqualTo(RecordState.IN_PROGRESS);
            assertThat(found.get(0).fencingToken()).isEqualTo(token);
            assertThat(found.get(0).owner()).isEqualTo("owner-1");
            assertThat(found.get(0).leaseExpired()).isFalse();
            assertThat(RecordWire.records(access.find(SECRET, "acme", "nobody"))).isEmpty();
            assertThat(RecordWire.records(access.list(SECRET, "IN_PROGRESS", 0, 10))).extracting(StoredRecord::key)
                    .containsExactly("k1");

            assertThat(access.resolveComplete(SECRET, "acme", "k1", token, RecordWire.response(answer()), 60_000, false))
                    .as("a live lease without force").isFalse();
            assertThat(access.resolveComplete(SECRET, "acme", "k1", token + 1, RecordWire.response(answer()), 60_000,
                    true)).as("another token").isFalse();
            assertThat(access.resolveComplete(SECRET, "acme", "k1", token, RecordWire.response(answer()), 60_000, true))
                    .isTrue();

            StoredRecord completed = store.find("acme", "k1").orElseThrow();
            assertThat(completed.state()).isEqualTo(RecordState.COMPLETED);
            assertThat(completed.response().status()).isEqualTo(201);
            assertThat(completed.response().headers()).containsEntry("Location", List.of("/orders/7"));
            assertThat(new String(completed.response().body())).isEqualTo("{\"id\":7}");
            StoredRecord read = RecordWire.records(access.find(SECRET, "acme", "k1")).get(0);
            assertThat(read.response().headers()).isEqualTo(completed.response().headers());
            assertThat(read.response().body()).isEqualTo(completed.response().body());
            assertThat(read.expiresAt()).isEqualTo(completed.expiresAt());
            assertThat(read.completedAt()).isEqualTo(completed.completedAt());
            assertThat(read.firstRequestId()).isEqualTo(completed.firstRequestId());

            long second = store.claim(claim("k2")).record().fencingToken();
            assertThat(access.resolveRelease(SECRET, "acme", "k2", second, true)).isTrue();
            assertThat(store.find("acme", "k2")).isEmpty();
            assertThat(access.countExpired(SECRET)).isZero();
            assertThat(access.purgeExpired(SECRET, 10)).isZero();
            assertThat(access.getStoreFile()).isEqualTo("/the/file");
        }
    }

    @Test
    void aCallWithoutTheNotesSecretIsRefusedAndChangesNothing() {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccess access = access(store);
            long token = store.claim(claim("k1")).record().fencingToken();

            assertThatThrownBy(() -> access.resolveRelease("guess", "acme", "k1", token, true))
                    .isInstanceOf(SecurityException.class);
            assertThatThrownBy(() -> access.resolveRelease(null, "acme", "k1", token, true))
                    .isInstanceOf(SecurityException.class);
            assertThatThrownBy(() -> access.list("", "UNKNOWN", 0, 10)).isInstanceOf(SecurityException.class);
            assertThat(store.find("acme", "k1")).isPresent();
        }
    }

    @Test
    void beforeTheNoteIsWrittenEveryCallIsRefused() {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccess access = new FileStoreAccess(store, "/the/file");

            assertThatThrownBy(() -> access.countExpired(SECRET)).isInstanceOf(SecurityException.class);
            assertThatThrownBy(() -> access.countExpired(null)).isInstanceOf(SecurityException.class);
        }
    }

    @Test
    void aStoreThatIsClosedIsSaidAsUnavailable() {
        IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")));
        FileStoreAccess access = access(store);
        store.close();

        assertThatThrownBy(() -> access.purgeExpired(SECRET, 10)).isInstanceOf(IOException.class)
                .hasMessageContaining("closed");
    }

    private static FileStoreAccess access(IdempotencyStore store) {
        FileStoreAccess access = new FileStoreAccess(store, "/the/file");
        access.allow(SECRET);
        return access;
    }

    private static ClaimRequest claim(String key) {
        return new ClaimRequest("acme", key, "create-order", "f", "owner-1", "r-" + key, Duration.ofMinutes(1),
                Duration.ofHours(1));
    }

    private static StoredResponse answer() {
        return new StoredResponse(201, Map.of("Location", List.of("/orders/7")), "{\"id\":7}".getBytes(), true);
    }
}
