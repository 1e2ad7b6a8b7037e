package dev.idempotency.agent.store.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every store must do, whatever it keeps records in: run by a subclass per implementation
 * (each JDBC dialect, and the in-memory store the core's tests run on), so a test double cannot
 * drift from the contract the real stores keep.
 */
public abstract class StoreContractTest {

    protected static final Duration LEASE = Duration.ofSeconds(30);
    protected static final Duration TTL = Duration.ofHours(1);
    /** Long enough to still be live when the next statement runs on a loaded machine, short enough to wait out. */
    protected static final Duration SHORT_LEASE = Duration.ofSeconds(2);

    protected IdempotencyStore store;

    /** A fresh, empty store of the implementation under test (skips or fails when it is unreachable). */
    protected abstract IdempotencyStore openStore();

    /** Closes the store under test and removes what the test left behind. */
    protected void closeStore(IdempotencyStore store) {
        store.close();
    }

    @BeforeEach
    void open() {
        store = openStore();
    }

    @AfterEach
    void close() {
        if (store != null) {
            closeStore(store);
        }
    }

    protected static ClaimRequest request(String key, String fingerprint, String owner) {
        return request("scope-a", key, fingerprint, owner, LEASE, TTL);
    }

    protected static ClaimRequest request(String scope, String key, String fingerprint, String owner, Duration lease,
            Duration ttl) {
        return new ClaimRequest(scope, key, "create-order", fingerprint, owner, "req-" + owner, lease, ttl);
    }

    protected static StoredResponse response(String body) {
        return new StoredResponse(201, Map.of("Content-Type", List.of("application/json"), "Location",
                List.of("/orders/1")), body.getBytes(StandardCharsets.UTF_8), true);
    }

    @Test
    public void newKeyIsClaimedAndItsCompletedResponseReplayed() {
        ClaimResult first = store.claim(request("k1", "fp-1", "owner-1"));

        assertThat(first.claimed()).isTrue();
        StoredRecord claimed = first.record();
        assertThat(claimed.state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(claimed.attempts()).isEqualTo(1);
        assertThat(claimed.owner()).isEqualTo("owner-1");
        assertThat(claimed.firstRequestId()).isEqualTo("req-owner-1");
        assertThat(claimed.leaseExpired()).isFalse();
        assertThat(claimed.response()).isNull();
        assertThat(claimed.expiresAt()).isAfter(claimed.createdAt());

        assertThat(store.complete("scope-a", "k1", claimed.fencingToken(), response("{\"id\":1}"), TTL)).isTrue();

        ClaimResult replay = store.claim(request("k1", "fp-1", "owner-2"));
        assertThat(replay.claimed()).isFalse();
        StoredRecord completed = replay.record();
        assertThat(completed.state()).isEqualTo(RecordState.COMPLETED);
        assertThat(completed.attempts()).isEqualTo(2);
        assertThat(completed.owner()).isEqualTo("owner-1");
        assertThat(completed.completedAt()).isNotNull();
        assertThat(completed.response().status()).isEqualTo(201);
        assertThat(completed.response().headers()).containsEntry("Location", List.of("/orders/1"));
        assertThat(new String(completed.response().body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":1}");
        assertThat(completed.response().bodyRetained()).isTrue();

        assertThat(store.find("scope-a", "k1")).get()
                .satisfies(found -> assertThat(found.response().status()).isEqualTo(201));
    }

    @Test
    public void largeAndUnretainedBodiesRoundTrip() {
        byte[] large = new byte[300_000];
        for (int i = 0; i < large.length; i++) {
            large[i] = (byte) i;
        }
        long token = store.claim(request("big", "fp", "o")).record().fencingToken();
        store.complete("scope-a", "big", token, new StoredResponse(200, Map.of(), large, true), TTL);
        assertThat(store.find("scope-a", "big").get().response().body()).isEqualTo(large);

        long other = store.claim(request("cut", "fp", "o")).record().fencingToken();
        store.complete("scope-a", "cut", other, new StoredResponse(200, Map.of(), null, false), TTL);
        StoredResponse cut = store.find("scope-a", "cut").get().response();
        assertThat(cut.bodyRetained()).isFalse();
        assertThat(cut.body()).isEmpty();
        assertThat(cut.headers()).isEmpty();
    }

    @Test
    public void otherFingerprintSeesTheExistingRecordInsteadOfClaiming() {
        long token = store.claim(request("k", "fp-original", "o1")).record().fencingToken();
        store.complete("scope-a", "k", token, response("done"), TTL);

        ClaimResult reuse = store.claim(request("k", "fp-other", "o2"));

        assertThat(reuse.claimed()).isFalse();
        assertThat(reuse.record().fingerprint()).isEqualTo("fp-original");
        assertThat(reuse.record().state()).isEqualTo(RecordState.COMPLETED);
    }

    @Test
    public void secondClaimWhileInProgressSeesTheLiveClaim() {
        ClaimResult first = store.claim(request("k", "fp", "o1"));

        ClaimResult second = store.claim(request("k", "fp", "o2"));

        assertThat(second.claimed()).isFalse();
        assertThat(second.record().state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(second.record().owner()).isEqualTo("o1");
        assertThat(second.record().fencingToken()).isEqualTo(first.record().fencingToken());
        assertThat(second.record().leaseExpired()).isFalse();
    }

    @Test
    public void releasedKeyCanBeClaimedAgain() {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();

        assertThat(store.release("scope-a", "k", token + 1)).isFalse();
        assertThat(store.release("scope-a", "k", token)).isTrue();
        assertThat(store.find("scope-a", "k")).isEmpty();

        ClaimResult again = store.claim(request("k", "fp", "o2"));
        assertThat(again.claimed()).isTrue();
        assertThat(again.record().attempts()).isEqualTo(1);
        assertThat(again.record().fencingToken()).isNotEqualTo(token);
        assertThat(store.complete("scope-a", "k", token, response("stale"), TTL)).isFalse();
    }

    @Test
    public void aClaimWhoseAnswerWasLostIsWithdrawnByItsOwnRequestOnly() {
        ClaimRequest lost = request("k", "fp", "o1");
        store.claim(lost);

        assertThat(store.withdrawUnstarted(request("k", "fp", "o2"))).as("another owner's request").isFalse();
        assertThat(store.find("scope-a", "k")).isPresent();
        assertThat(store.withdrawUnstarted(lost)).isTrue();
        assertThat(store.find("scope-a", "k")).isEmpty();
        assertThat(store.withdrawUnstarted(lost)).as("nothing left to withdraw").isFalse();
        assertThat(store.claim(request("k", "fp", "o2")).claimed()).as("the retry claims the key").isTrue();
    }

    @Test
    public void aWithdrawalLeavesACompletedOrTakenOverRecord() {
        ClaimRequest completed = request("done", "fp", "o1");
        long token = store.claim(completed).record().fencingToken();
        assertThat(store.complete("scope-a", "done", token, response("one"), TTL)).isTrue();
        assertThat(store.withdrawUnstarted(completed)).isFalse();
        assertThat(store.find("scope-a", "done")).get().extracting(StoredRecord::state).isEqualTo(RecordState.COMPLETED);

        ClaimRequest first = request("scope-a", "taken", "fp", "o1", SHORT_LEASE, TTL);
        long stale = store.claim(first).record().fencingToken();
        ClaimRequest second = request("scope-a", "taken", "fp", "o2", LEASE, TTL);
        await().atMost(Duration.ofSeconds(10)).until(() -> store.takeOver(second, stale).isPresent());
        assertThat(store.withdrawUnstarted(first)).as("taken over by another request").isFalse();
        assertThat(store.find("scope-a", "taken")).get().extracting(StoredRecord::owner).isEqualTo("o2");
    }

    @Test
    public void claimsPastTheirLeaseAreCountedAsStale() {
        store.claim(request("live", "fp", "o1"));
        store.claim(request("scope-a", "stale", "fp", "o2", SHORT_LEASE, TTL));
        long unknown = store.claim(request("scope-a", "unknown", "fp", "o3", SHORT_LEASE, TTL)).record().fencingToken();
        assertThat(store.giveUp("scope-a", "unknown", unknown)).isTrue();

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(store.countStale()).isEqualTo(1));
        assertThat(store.count(RecordState.IN_PROGRESS)).as("the live claim and the stale one").isEqualTo(2);
        assertThat(store.count(RecordState.UNKNOWN)).isEqualTo(1);
    }

    @Test
    public void completedRecordIsNeitherReleasedNorCompletedTwice() {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();
        assertThat(store.complete("scope-a", "k", token, response("one"), TTL)).isTrue();

        assertThat(store.complete("scope-a", "k", token, response("two"), TTL)).isFalse();
        assertThat(store.release("scope-a", "k", token)).isFalse();
        assertThat(new String(store.find("scope-a", "k").get().response().body(), StandardCharsets.UTF_8))
                .isEqualTo("one");
    }

    @Test
    public void expiredRecordCountsAsAbsent() {
        long token = store.claim(request("k", "fp-old", "o1")).record().fencingToken();
        store.complete("scope-a", "k", token, response("old"), Duration.ofMillis(300));

        ClaimResult fresh = await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store.claim(request("scope-a", "k", "fp-new", "o2", LEASE, TTL)), ClaimResult::claimed);

        StoredRecord record = fresh.record();
        assertThat(record.state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(record.attempts()).isEqualTo(1);
        assertThat(record.fencingToken()).isEqualTo(token + 1);
        assertThat(record.fingerprint()).isEqualTo("fp-new");
        assertThat(record.owner()).isEqualTo("o2");
        assertThat(record.response()).isNull();
        assertThat(record.completedAt()).isNull();
        assertThat(record.expiresAt()).isAfter(record.createdAt().plus(Duration.ofMinutes(59)));
    }

    @Test
    public void abandonedClaimExpiresAfterItsTtl() {
        store.claim(request("scope-a", "k", "fp", "o1", LEASE, Duration.ofMillis(300)));

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> store.claim(request("k", "fp", "o2")).claimed());
    }

    @Test
    public void takeOverAfterLeaseExpiryFencesOutTheStaleOwner() {
        ClaimRequest first = request("scope-a", "k", "fp", "o1", SHORT_LEASE, TTL);
        long stale = store.claim(first).record().fencingToken();
        ClaimRequest second = request("scope-a", "k", "fp", "o2", LEASE, TTL);
        assertThat(store.takeOver(second, stale)).as("lease still live").isEmpty();

        await().atMost(Duration.ofSeconds(10)).until(() -> store.claim(second).record().leaseExpired());
        Optional<StoredRecord> taken = store.takeOver(second, stale);

        assertThat(taken).get().satisfies(record -> {
            assertThat(record.fencingToken()).isEqualTo(stale + 1);
            assertThat(record.owner()).isEqualTo("o2");
            assertThat(record.firstRequestId()).isEqualTo("req-o2");
            assertThat(record.state()).isEqualTo(RecordState.IN_PROGRESS);
            assertThat(record.leaseExpired()).isFalse();
        });
        assertThat(store.takeOver(second, stale)).as("token already bumped").isEmpty();
        assertThat(store.complete("scope-a", "k", stale, response("stale"), TTL)).isFalse();
        assertThat(store.release("scope-a", "k", stale)).isFalse();
        assertThat(store.complete("scope-a", "k", stale + 1, response("new"), TTL)).isTrue();
    }

    @Test
    public void theOwnerGivesUpItsLiveClaimAsUnknownFencedByItsToken() {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();
        assertThat(store.giveUp("scope-a", "k", token + 1)).as("another token").isFalse();
        assertThat(store.giveUp("scope-a", "k", token)).as("lease live, owner gives up").isTrue();
        assertThat(store.find("scope-a", "k").get().state()).isEqualTo(RecordState.UNKNOWN);
        assertThat(store.giveUp("scope-a", "k", token)).as("no longer in progress").isFalse();
    }

    @Test
    public void markUnknownOnlyAfterLeaseExpiryThenOperatorCanTakeOver() {
        long token = store.claim(request("scope-a", "k", "fp", "o1", SHORT_LEASE, TTL)).record()
                .fencingToken();
        assertThat(store.markUnknown("scope-a", "k", token)).as("lease still live").isFalse();

        await().atMost(Duration.ofSeconds(10)).until(() -> store.find("scope-a", "k").get().leaseExpired());
        assertThat(store.markUnknown("scope-a", "k", token + 1)).isFalse();
        assertThat(store.markUnknown("scope-a", "k", token)).isTrue();

        StoredRecord unknown = store.claim(request("k", "fp", "o2")).record();
        assertThat(unknown.state()).isEqualTo(RecordState.UNKNOWN);
        assertThat(store.list(RecordState.UNKNOWN, Duration.ZERO, 10)).extracting(StoredRecord::key)
                .containsExactly("k");
        assertThat(store.takeOver(request("k", "fp", "operator"), token)).get()
                .satisfies(record -> assertThat(record.state()).isEqualTo(RecordState.IN_PROGRESS));
    }

    @Test
    public void operatorResolvesOnlyARecordWhoseOwnerIsGoneAndOnlyWithItsToken() {
        long token = store.claim(request("scope-a", "k", "fp", "o1", SHORT_LEASE, TTL)).record()
                .fencingToken();
        assertThat(store.resolveComplete("scope-a", "k", token, response("reconciled"), TTL, false))
                .as("owner's lease still live").isFalse();
        assertThat(store.resolveRelease("scope-a", "k", token, false)).as("owner's lease still live").isFalse();

        await().atMost(Duration.ofSeconds(10)).until(() -> store.find("scope-a", "k").get().leaseExpired());
        assertThat(store.resolveComplete("scope-a", "k", token + 1, response("reconciled"), TTL, false))
                .as("another token").isFalse();
        assertThat(store.resolveComplete("scope-a", "k", token, response("reconciled"), TTL, false)).isTrue();

        StoredRecord resolved = store.claim(request("k", "fp", "o2")).record();
        assertThat(resolved.state()).isEqualTo(RecordState.COMPLETED);
        assertThat(new String(resolved.response().body(), StandardCharsets.UTF_8)).isEqualTo("reconciled");
        assertThat(resolved.response().headers()).containsEntry("Location", List.of("/orders/1"));
        assertThat(store.complete("scope-a", "k", token, response("late owner"), TTL)).as("owner fenced out").isFalse();
        assertThat(store.resolveRelease("scope-a", "k", token, true)).as("completed records stay").isFalse();
    }

    @Test
    public void operatorReleasesAnUnknownRecordAndForcesALiveOne() {
        long unknown = store.claim(request("scope-a", "u", "fp", "o1", Duration.ofMillis(200), TTL)).record()
                .fencingToken();
        long live = store.claim(request("scope-a", "live", "fp", "o1", LEASE, TTL)).record().fencingToken();
        await().atMost(Duration.ofSeconds(10)).until(() -> store.markUnknown("scope-a", "u", unknown));

        assertThat(store.resolveRelease("scope-a", "u", unknown, false)).isTrue();
        assertThat(store.claim(request("u", "fp", "o2")).claimed()).as("the next retry executes").isTrue();
        assertThat(store.resolveRelease("scope-a", "live", live, true)).as("forced").isTrue();
        assertThat(store.find("scope-a", "live")).isEmpty();
        assertThat(store.complete("scope-a", "live", live, response("late"), TTL)).as("owner fenced out").isFalse();
    }

    @Test
    public void leaseUntilIsReadFromTheStoreClock() {
        StoredRecord record = store.claim(request("k", "fp", "o")).record();

        assertThat(record.leaseUntil()).isBetween(record.createdAt().plus(LEASE).minusSeconds(1),
                record.createdAt().plus(LEASE).plusSeconds(1));
    }

    @Test
    public void renewedLeaseOutlivesItsFirstTerm() {
        long token = store.claim(request("scope-a", "k", "fp", "o1", Duration.ofMillis(300), TTL)).record()
                .fencingToken();

        assertThat(store.renewLeases(List.of(new LeaseRef("scope-a", "k", token),
                new LeaseRef("scope-a", "k", token + 1), new LeaseRef("scope-a", "other", token)),
                Duration.ofSeconds(30))).isEqualTo(1);
        await().pollDelay(Duration.ofMillis(600)).until(() -> true);

        assertThat(store.find("scope-a", "k").get().leaseExpired()).isFalse();
        assertThat(store.renewLeases(List.of(), LEASE)).isZero();
    }

    @Test
    public void purgeRemovesOnlyExpiredRowsInBoundedBatches() {
        for (int i = 0; i < 5; i++) {
            store.claim(request("scope-a", "old-" + i, "fp", "o", LEASE, Duration.ofMillis(1)));
        }
        store.claim(request("live-1", "fp", "o"));
        long token = store.claim(request("live-2", "fp", "o")).record().fencingToken();
        store.complete("scope-a", "live-2", token, response("x"), TTL);
        await().pollDelay(Duration.ofMillis(100)).until(() -> true);

        assertThat(store.countExpired()).isEqualTo(5);
        assertThat(store.purgeExpired(2)).isEqualTo(2);
        assertThat(store.purgeExpired(10)).isEqualTo(3);
        assertThat(store.purgeExpired(10)).isZero();
        assertThat(store.find("scope-a", "live-1")).isPresent();
        assertThat(store.find("scope-a", "live-2")).isPresent();
        assertThat(store.find("scope-a", "old-0")).isEmpty();
    }

    @Test
    public void scopesAndLetterCaseSeparateEqualKeys() {
        assertThat(store.claim(request("scope-a", "k", "fp", "o", LEASE, TTL)).claimed()).isTrue();
        assertThat(store.claim(request("scope-b", "k", "fp", "o", LEASE, TTL)).claimed()).isTrue();
        assertThat(store.claim(request("scope-b ", "k", "fp", "o", LEASE, TTL)).claimed()).isTrue();
        assertThat(store.claim(request("scope-a", "K", "fp", "o", LEASE, TTL)).claimed()).isTrue();
        assertThat(store.claim(request("scope-a", "k", "fp", "o", LEASE, TTL)).claimed()).isFalse();
        assertThat(store.find("scope-b ", "k")).get().extracting(StoredRecord::scope).isEqualTo("scope-b ");
    }

    @Test
    public void everyClaimCountsAnAttempt() {
        for (int i = 0; i < 3; i++) {
            store.claim(request("k", "fp", "o" + i));
        }
        assertThat(store.find("scope-a", "k").get().attempts()).isEqualTo(3);
    }

    @Test
    public void replaysAnsweredWithoutAWriteStillCountTheirAttempts() {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();
        store.complete("scope-a", "k", token, response("done"), TTL);

        for (int i = 0; i < 5; i++) {
            ClaimResult replay = store.claim(request("k", "fp", "retry-" + i));
            assertThat(replay.claimed()).isFalse();
            assertThat(replay.record().state()).isEqualTo(RecordState.COMPLETED);
            // One after another, each is numbered after the one before, written or not yet.
            assertThat(replay.record().attempts()).as("counts this attempt").isEqualTo(i + 2);
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> store.find("scope-a", "k").get().attempts() == 6);
    }

    @Test
    public void theFootprintCountsEveryRecordExpiredOrNot() {
        store.claim(request("running", "fp", "o1"));
        store.claim(request("scope-a", "gone", "fp", "o", LEASE, Duration.ofMillis(1)));
        await().pollDelay(Duration.ofMillis(50)).until(() -> true);

        assertThat(store.footprint().records()).isEqualTo(2);
        assertThat(store.purgeExpired(10)).isEqualTo(1);
        assertThat(store.footprint().records()).isEqualTo(1);
    }

    @Test
    public void liveRecordsAreCountedByState() {
        store.claim(request("running", "fp", "o1"));
        long done = store.claim(request("done", "fp", "o1")).record().fencingToken();
        store.complete("scope-a", "done", done, response("done"), TTL);

        assertThat(store.count(RecordState.IN_PROGRESS)).isEqualTo(1);
        assertThat(store.count(RecordState.COMPLETED)).isEqualTo(1);
        assertThat(store.count(RecordState.UNKNOWN)).isZero();
    }

    @Test
    public void concurrentReplaysAreAllCountedInTheStoredTotal() throws Exception {
        long token = store.claim(request("k", "fp", "o1")).record().fencingToken();
        store.complete("scope-a", "k", token, response("done"), TTL);
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ClaimResult>> replays = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String owner = "retry-" + t;
                replays.add(pool.submit(() -> {
                    start.await();
                    return store.claim(request("k", "fp", owner));
                }));
            }
            start.countDown();
            for (Future<ClaimResult> replay : replays) {
                assertThat(replay.get(60, TimeUnit.SECONDS).claimed()).isFalse();
            }
        } finally {
            pool.shutdownNow();
        }
        // Each event's number may repeat under concurrency (docs/logging.md); the total may not.
        await().atMost(Duration.ofSeconds(10)).until(() -> store.find("scope-a", "k").get().attempts() == threads + 1);
    }

    @Test
    public void listsRecordsOfAStateOldestFirst() {
        store.claim(request("a", "fp", "o"));
        store.claim(request("b", "fp", "o"));

        assertThat(store.list(RecordState.IN_PROGRESS, Duration.ZERO, 10)).extracting(StoredRecord::key)
                .containsExactly("a", "b");
        assertThat(store.list(RecordState.IN_PROGRESS, Duration.ZERO, 1)).hasSize(1);
        assertThat(store.list(RecordState.IN_PROGRESS, Duration.ofHours(1), 10)).isEmpty();
        assertThat(store.list(RecordState.COMPLETED, Duration.ZERO, 10)).isEmpty();
    }

    @Test
    public void listsCompletedRecordsAndCountsThemBesideTheUnfinished() {
        for (String key : new String[] {"a", "b"}) {
            long token = store.claim(request(key, "fp", "o")).record().fencingToken();
            store.complete("scope-a", key, token, response(key), TTL);
        }
        store.claim(request("running", "fp", "o"));

        assertThat(store.list(RecordState.COMPLETED, Duration.ZERO, 10)).extracting(StoredRecord::key)
                .containsExactly("a", "b");
        assertThat(store.list(RecordState.COMPLETED, Duration.ZERO, 1)).hasSize(1);
        assertThat(store.list(RecordState.COMPLETED, Duration.ofHours(1), 10)).isEmpty();
        assertThat(store.count(RecordState.COMPLETED)).isEqualTo(2);
        assertThat(store.count(RecordState.IN_PROGRESS)).isEqualTo(1);
    }

    @Test
    public void concurrentClaimsOfOneKeyHaveExactlyOneWinner() throws Exception {
        int threads = 64;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 5; round++) {
                String key = "race-" + round;
                CountDownLatch start = new CountDownLatch(1);
                List<Future<ClaimResult>> results = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    String owner = "owner-" + t;
                    Callable<ClaimResult> claim = () -> {
                        start.await();
                        return store.claim(request(key, "fp", owner));
                    };
                    results.add(pool.submit(claim));
                }
                start.countDown();
                List<ClaimResult> outcomes = new ArrayList<>();
                for (Future<ClaimResult> result : results) {
                    outcomes.add(result.get(60, TimeUnit.SECONDS));
                }

                assertThat(outcomes).filteredOn(ClaimResult::claimed).as("round %d", round).hasSize(1);
                long token = outcomes.stream().filter(ClaimResult::claimed).findFirst().get().record().fencingToken();
                assertThat(outcomes).allSatisfy(outcome -> {
                    assertThat(outcome.record().state()).isEqualTo(RecordState.IN_PROGRESS);
                    assertThat(outcome.record().fencingToken()).isEqualTo(token);
                });
                assertThat(store.find("scope-a", key).get().attempts()).isEqualTo(threads);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
