package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.keeper.KeeperSettings;
import dev.idempotency.agent.store.keeper.StoreKeeper;
import dev.idempotency.agent.store.keeper.UnansweredClaims;
import dev.idempotency.agent.store.testing.StoreDirectories;

class KeeperKeepsLeasesAliveTest {

    /** Deleted by {@link #deleteTheStoreFiles}: H2 may still be finishing a file after the store's close. */
    @TempDir(cleanup = CleanupMode.NEVER)
    Path directory;

    @AfterEach
    void deleteTheStoreFiles() {
        StoreDirectories.deleteWhenQuiet(directory);
    }

    @Test
    void leaseOfAnExecutingRequestHoldsWhileKeptAndLapsesAfter() {
        // Renewed every 100 ms: the lease lapses under the keeper only if its thread stalls for most of 2 s.
        Duration lease = Duration.ofSeconds(2);
        try (IdempotencyStore store = JdbcStores.open(
                StoreSettings.forUrl("jdbc:h2:file:" + directory.resolve("keeper").toAbsolutePath()))) {
            long token = store.claim(new ClaimRequest("s", "slow", "e", "fp", "me", "r", lease, Duration.ofHours(1)))
                    .record().fencingToken();
            KeeperSettings settings = new KeeperSettings(lease, Duration.ofMillis(100), Duration.ofMinutes(1), 100, 1);

            try (StoreKeeper keeper = StoreKeeper.start(store, () -> List.of(new LeaseRef("s", "slow", token)), new UnansweredClaims(),
                    settings)) {
                await().pollDelay(lease.plusSeconds(1)).until(() -> true);
                assertThat(store.find("s", "slow").get().leaseExpired()).isFalse();
            }

            await().atMost(lease.plusSeconds(10)).until(() -> store.find("s", "slow").get().leaseExpired());
        }
    }
}
