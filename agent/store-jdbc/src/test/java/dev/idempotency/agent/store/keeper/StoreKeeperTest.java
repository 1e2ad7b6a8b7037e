package dev.idempotency.agent.store.keeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.jdbc.JdbcStores;
import dev.idempotency.agent.store.testing.StoreDirectories;
import dev.idempotency.agent.vocabulary.StoreSettings;

class StoreKeeperTest {

    private static final KeeperSettings FAST = new KeeperSettings(Duration.ofSeconds(1), Duration.ofMillis(20),
            Duration.ofMillis(20), 10, 3);

    /** Deleted by {@link #deleteTheStoreFiles}: H2 may still be finishing a file after the store's close. */
    @TempDir(cleanup = CleanupMode.NEVER)
    Path directory;

    @AfterEach
    void deleteTheStoreFiles() {
        StoreDirectories.deleteWhenQuiet(directory);
    }

    @Test
    void renewsTheLeasesThisJvmHoldsAndPurgesInBoundedBatches() {
        try (RecordingStore store = new RecordingStore(h2Store())) {
            for (int i = 0; i < 45; i++) {
                store.claim(claim("old-" + i, Duration.ofMillis(1)));
            }
            StoredRecord claimed = store.claim(claim("k", Duration.ofHours(1))).record();
            long token = claimed.fencingToken();
            List<LeaseRef> executing = List.of(new LeaseRef("s", "k", token));

            try (StoreKeeper keeper = StoreKeeper.start(store, () -> executing, new UnansweredClaims(), FAST)) {
                await().atMost(Duration.ofSeconds(20)).until(() -> store.renewals.size() >= 3);
                await().atMost(Duration.ofSeconds(20)).until(() -> store.countExpired() == 0);
            }

            assertThat(store.renewals).allSatisfy(leases -> assertThat(leases).containsExactlyElementsOf(executing));
            assertThat(store.purgeBatchSizes).containsOnly(10);
            assertThat(store.purgeBatchSizes.size()).as("45 rows in batches of 10").isGreaterThanOrEqualTo(5);
            assertThat(store.find("s", "old-0")).isEmpty();
            // Renewed past its first term; whether it is still live by now depends on how long this thread took since.
            assertThat(store.find("s", "k")).get()
                    .satisfies(renewed -> assertThat(renewed.leaseUntil()).isAfter(claimed.leaseUntil()));
        }
    }

    /**
     * A backlog does not wait a purge interval per round: while batches come back full the next
     * round follows at once, and renewals still run between rounds.
     */
    @Test
    void keepsPurgingWhileBatchesComeBackFullAndRenewsBetweenRounds() {
        // Far longer than five back-to-back rounds take even on a loaded machine: a round that waited it shows.
        Duration purgeInterval = Duration.ofSeconds(10);
        KeeperSettings settings = new KeeperSettings(Duration.ofSeconds(1), Duration.ofMillis(20), purgeInterval, 10, 2);
        try (RecordingStore store = new RecordingStore(h2Store())) {
            for (int i = 0; i < 95; i++) {
                store.claim(claim("old-" + i, Duration.ofMillis(1)));
            }
            long token = store.claim(claim("k", Duration.ofHours(1))).record().fencingToken();
            store.purgePauseMillis = 30;

            try (StoreKeeper keeper = StoreKeeper.start(store, () -> List.of(new LeaseRef("s", "k", token)), new UnansweredClaims(), settings)) {
                await().atMost(Duration.ofSeconds(30)).until(() -> store.countExpired() == 0);
            }

            assertThat(store.purgeNanos).as("95 rows in batches of 10, two batches a round").hasSizeGreaterThanOrEqualTo(10);
            long firstToLast = store.purgeNanos.get(9) - store.purgeNanos.get(0);
            assertThat(Duration.ofNanos(firstToLast)).as("five rounds, none waiting a purge interval")
                    .isLessThan(purgeInterval);
            assertThat(store.renewalNanos).as("renewals between the first and the last round")
                    .anyMatch(at -> at > store.purgeNanos.get(0) && at < store.purgeNanos.get(9));
        }
    }

    @Test
    void survivesFailingRoundsAndStopsOnClose() {
        try (RecordingStore store = new RecordingStore(h2Store())) {
            store.failuresLeft.set(5);
            long token = store.claim(claim("k", Duration.ofHours(1))).record().fencingToken();

            StoreKeeper keeper = StoreKeeper.start(store, () -> List.of(new LeaseRef("s", "k", token)), new UnansweredClaims(), FAST);
            Thread thread = await().atMost(Duration.ofSeconds(20)).until(StoreKeeperTest::keeperThread, t -> t != null);
            assertThat(thread.isDaemon()).isTrue();
            await().atMost(Duration.ofSeconds(20)).until(() -> store.renewals.size() >= 2);
            keeper.close();

            assertThat(thread.isAlive()).isFalse();
            int renewalsAtClose = store.renewals.size();
            await().pollDelay(Duration.ofMillis(100)).until(() -> true);
            assertThat(store.renewals).hasSize(renewalsAtClose);
        }
    }

    @Test
    void refusesARenewIntervalThatLetsLeasesLapse() {
        assertThatThrownBy(() -> new KeeperSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMinutes(1),
                10, 1)).hasMessageContaining("shorter than the lease");
    }

    private static Thread keeperThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(StoreKeeper.THREAD_NAME)).findFirst().orElse(null);
    }

    private IdempotencyStore h2Store() {
        return JdbcStores.open(StoreSettings.forUrl("jdbc:h2:file:" + directory.resolve("keeper").toAbsolutePath()));
    }

    private static ClaimRequest claim(String key, Duration ttl) {
        return new ClaimRequest("s", key, "e", "fp", "me", "r-" + key, Duration.ofSeconds(1), ttl);
    }

    /** The real store, recording the keeper's calls and failing the first few of them if told to. */
    private static final class RecordingStore implements IdempotencyStore {

        final List<List<LeaseRef>> renewals = new CopyOnWriteArrayList<>();
        final List<Long> renewalNanos = new CopyOnWriteArrayList<>();
        final List<Integer> purgeBatchSizes = new CopyOnWriteArrayList<>();
        final List<Long> purgeNanos = new CopyOnWriteArrayList<>();
        /** Makes each purge batch take at least this long, as a large one would. */
        volatile long purgePauseMillis;
        final AtomicInteger failuresLeft = new AtomicInteger();
        private final IdempotencyStore store;

        RecordingStore(IdempotencyStore store) {
            this.store = store;
        }

        @Override
        public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
            failMaybe();
            renewals.add(new ArrayList<>(leases));
            renewalNanos.add(System.nanoTime());
            return store.renewLeases(leases, lease);
        }

        @Override
        public int purgeExpired(int batchSize) {
            failMaybe();
            purgeBatchSizes.add(batchSize);
            purgeNanos.add(System.nanoTime());
            if (purgePauseMillis > 0) {
                try {
                    Thread.sleep(purgePauseMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return store.purgeExpired(batchSize);
        }

        private void failMaybe() {
            if (failuresLeft.getAndDecrement() > 0) {
                throw new StoreUnavailableException("store down", null);
            }
        }

        @Override
        public ClaimResult claim(ClaimRequest request) {
            return store.claim(request);
        }

        @Override
        public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
            return store.takeOver(request, expectedToken);
        }

        @Override
        public boolean markUnknown(String scope, String key, long expectedToken) {
            return store.markUnknown(scope, key, expectedToken);
        }

        @Override
        public boolean giveUp(String scope, String key, long fencingToken) {
            return store.giveUp(scope, key, fencingToken);
        }

        @Override
        public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
            return store.complete(scope, key, fencingToken, response, ttl);
        }

        @Override
        public boolean release(String scope, String key, long fencingToken) {
            return store.release(scope, key, fencingToken);
        }

        @Override
        public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
                Duration ttl, boolean evenIfLeaseLive) {
            return store.resolveComplete(scope, key, expectedToken, response, ttl, evenIfLeaseLive);
        }

        @Override
        public int countStale() {
            return store.countStale();
        }

        @Override
        public boolean withdrawUnstarted(ClaimRequest claim) {
            return store.withdrawUnstarted(claim);
        }

        @Override
        public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
            return store.resolveRelease(scope, key, expectedToken, evenIfLeaseLive);
        }

        @Override
        public int countExpired() {
            return store.countExpired();
        }

        @Override
        public int count(RecordState state) {
            return store.count(state);
        }

        @Override
        public StoreFootprint footprint() {
            return store.footprint();
        }

        @Override
        public Optional<StoredRecord> find(String scope, String key) {
            return store.find(scope, key);
        }

        @Override
        public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
            return store.list(state, olderThan, limit);
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
