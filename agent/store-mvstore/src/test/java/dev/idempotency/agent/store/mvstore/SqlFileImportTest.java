package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.jdbc.JdbcStores;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An operator upgrading keeps every live record of the SQL store's file, in flight ones included. */
class SqlFileImportTest {

    private static final Duration HOUR = Duration.ofHours(1);

    @TempDir
    Path directory;

    @Test
    void theLiveRecordsOfTheSqlStoresFileAreImportedOnceAndTheOldFileKept() {
        Path base = directory.resolve("agent");
        long inFlight;
        try (IdempotencyStore sql = JdbcStores.open(StoreSettings.forUrl("jdbc:h2:file:" + base))) {
            inFlight = sql.claim(claim("in-flight", HOUR)).record().fencingToken();
            long done = sql.claim(claim("done", HOUR)).record().fencingToken();
            sql.claim(claim("done", HOUR));
            sql.complete("s", "done", done, new StoredResponse(201, Map.of("Location", List.of("/orders/7")),
                    "{\"id\":7}".getBytes(StandardCharsets.UTF_8), true), HOUR);
            sql.claim(claim("expired", Duration.ofMillis(1)));
            await().pollDelay(Duration.ofMillis(20)).until(() -> sql.countExpired() == 1);
        }

        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(FileStores.URL_PREFIX + base))) {
            StoredRecord running = store.find("s", "in-flight").orElseThrow();
            assertThat(running.state()).isEqualTo(RecordState.IN_PROGRESS);
            assertThat(running.fencingToken()).isEqualTo(inFlight);
            assertThat(store.complete("s", "in-flight", inFlight, new StoredResponse(200, Map.of(), null, true), HOUR))
                    .as("its owner's token still completes it").isTrue();
            StoredRecord done = store.find("s", "done").orElseThrow();
            assertThat(done.state()).isEqualTo(RecordState.COMPLETED);
            assertThat(done.attempts()).isEqualTo(2);
            assertThat(done.response().headers()).containsEntry("Location", List.of("/orders/7"));
            assertThat(new String(done.response().body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":7}");
            assertThat(store.find("s", "expired")).as("expired records stay behind").isEmpty();
            assertThat(store.footprint().records()).isEqualTo(2);
        }
        assertThat(directory.resolve("agent.mv.db")).doesNotExist();
        assertThat(directory.resolve("agent.mv.db.imported")).exists();
        assertThat(directory.resolve("agent.mvstore")).exists();
    }

    @Test
    void aStartKilledBetweenTheRenamesFinishesThemAndAnotherSqlFileIsLeftAlone() throws Exception {
        Path base = directory.resolve("agent");
        try (IdempotencyStore sql = JdbcStores.open(StoreSettings.forUrl("jdbc:h2:file:" + base))) {
            sql.claim(claim("old", HOUR));
        }
        String url = FileStores.URL_PREFIX + base;
        FileStores.open(StoreSettings.forUrl(url)).close();
        Path sqlFile = directory.resolve("agent.mv.db");
        Files.move(directory.resolve("agent.mv.db.imported"), sqlFile, StandardCopyOption.ATOMIC_MOVE);

        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(store.find("s", "old")).isPresent();
        }
        assertThat(sqlFile).as("the import's own file, renamed now").doesNotExist();

        try (IdempotencyStore sql = JdbcStores.open(StoreSettings.forUrl("jdbc:h2:file:" + base))) {
            sql.claim(claim("later", HOUR));
        }
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(store.find("s", "later")).as("a SQL file made after the import is not read").isEmpty();
        }
        assertThat(sqlFile).exists();
    }

    private static ClaimRequest claim(String key, Duration ttl) {
        return new ClaimRequest("s", key, "create-order", "fp", "owner", "req", Duration.ofSeconds(30), ttl);
    }
}
