package dev.idempotency.agent.store.keeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;

class StoreKeeperTest {

    private static final KeeperSettings FAST = new KeeperSettings(Duration.ofSeconds(1), Duration.ofMillis(20),
            Duration.ofMillis(20), 10, 3);

    @Test
    void renewsTheLeasesThisJvmHoldsAndPurgesInBoundedBatches() {
        RecordingStore store = new RecordingStore();
        store.expired.set(45);
        List<LeaseRef> executing = List.of(new LeaseRef("s", "k", 7));

        try (StoreKeeper keeper = StoreKeeper.start(store, () -> executing, FAST)) {
            await().atMost(Duration.ofSeconds(5)).until(() -> store.renewals.size() >= 3);
            await().atMost(Duration.ofSeconds(5)).until(() -> store.expired.get() == 0);
        }

        assertThat(store.renewals).allSatisfy(leases -> assertThat(leases).containsExactlyElementsOf(executing));
        assertThat(store.purgeBatchSizes).containsOnly(10);
        assertThat(store.purgeBatchSizes.size()).as("45 rows in batches of 10").isGreaterThanOrEqualTo(5);
    }

    @Test
    void survivesFailingRoundsAndStopsOnClose() {
        RecordingStore store = new RecordingStore();
        store.failuresLeft.set(5);

        StoreKeeper keeper = StoreKeeper.start(store, () -> List.of(new LeaseRef("s", "k", 1)), FAST);
        Thread thread = await().atMost(Duration.ofSeconds(5)).until(StoreKeeperTest::keeperThread, t -> t != null);
        assertThat(thread.isDaemon()).isTrue();
        await().atMost(Duration.ofSeconds(5)).until(() -> store.renewals.size() >= 2);
        keeper.close();

        assertThat(thread.isAlive()).isFalse();
        int renewalsAtClose = store.renewals.size();
        await().pollDelay(Duration.ofMillis(100)).until(() -> true);
        assertThat(store.renewals).hasSize(renewalsAtClose);
    }

    @Test
    void refusesARenewIntervalThatLetsLeasesLapse() {
        assertThatThrownBy(() -> new KeeperSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMinutes(1),
                10, 1)).hasMessageContaining("shorter than the lease");
        assertThat(KeeperSettings.forLease(Duration.ofSeconds(30)).renewInterval()).isEqualTo(Duration.ofSeconds(10));
    }

    private static Thread keeperThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(StoreKeeper.THREAD_NAME)).findFirst().orElse(null);
    }

    /** Counts the keeper's calls; fails the first few of them if told to. */
    private static final class RecordingStore implements IdempotencyStore {

        final List<List<LeaseRef>> renewals = new CopyOnWriteArrayList<>();
        final List<Integer> purgeBatchSizes = new CopyOnWriteArrayList<>();
        final AtomicInteger expired = new AtomicInteger();
        final AtomicInteger failuresLeft = new AtomicInteger();

        @Override
        public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
            failMaybe();
            renewals.add(new ArrayList<>(leases));
            return leases.size();
        }

        @Override
        public int purgeExpired(int batchSize) {
            failMaybe();
            purgeBatchSizes.add(batchSize);
            int deleted = Math.min(batchSize, expired.get());
            expired.addAndGet(-deleted);
            return deleted;
        }

        private void failMaybe() {
            if (failuresLeft.getAndDecrement() > 0) {
                throw new StoreUnavailableException("store down", null);
            }
        }

        @Override
        public ClaimResult claim(ClaimRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean markUnknown(String scope, String key, long expectedToken) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean release(String scope, String key, long fencingToken) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
                Duration ttl, boolean evenIfLeaseLive) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
            throw new UnsupportedOperationException();
        }

        @Override
        public int countExpired() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<StoredRecord> find(String scope, String key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }
}
