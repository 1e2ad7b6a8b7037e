package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.LeaseUpkeep;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Wraps a store's request path and lease upkeep (what the gate and its keeper use) and, when
 * switched off, fails every call the way an unreachable store does.
 */
public final class SwitchableStore implements RequestWork, LeaseUpkeep {

    private final IdempotencyStore delegate;
    private volatile Supplier<? extends Throwable> failure;

    private volatile boolean loseClaimAnswers;
    private volatile CountDownLatch outcomeWritesHeld;
    private final AtomicInteger outcomeWritesWaiting = new AtomicInteger();
    private volatile Runnable afterClaim;
    private volatile boolean completesTogether;
    private volatile boolean loseCompletionsTogether;
    private final List<Integer> completedTogether = new CopyOnWriteArrayList<>();

    public SwitchableStore(IdempotencyStore delegate) {
        this.delegate = delegate;
    }

    public void unavailable() {
        failWith(() -> new StoreUnavailableException("connection refused", null));
    }

    public void failWith(Supplier<RuntimeException> failure) {
        this.failure = failure;
    }

    /** Every call throws {@code error}: a bug of the store's, not an outage. */
    public void breakWith(Supplier<Error> error) {
        this.failure = error;
    }

    public void available() {
        this.failure = null;
        this.loseClaimAnswers = false;
    }

    /** Claims are written, but their callers hear an outage: a connection broken after the commit. */
    public void loseClaimAnswers() {
        this.loseClaimAnswers = true;
    }

    /**
     * Completions and releases (an outcome's writes) wait, each on the thread writing it: a slow
     * write. Counting the returned latch down lets them through.
     */
    public CountDownLatch holdOutcomeWrites() {
        CountDownLatch held = new CountDownLatch(1);
        outcomeWritesHeld = held;
        return held;
    }

    /** From now on, says it completes together, as Redis does: outcomes are gathered for {@link #completeAll}. */
    public void completeTogether() {
        completesTogether = true;
    }

    /** Each {@link #completeAll} from now on fails as a connection broken before the store wrote anything. */
    public void loseCompletionsTogether() {
        loseCompletionsTogether = true;
    }

    /** How many completions each {@link #completeAll} call carried, in order. */
    public List<Integer> completedTogether() {
        return completedTogether;
    }

    /** Runs {@code step} once, after the next claim has read its record and before its caller hears it. */
    public void afterNextClaim(Runnable step) {
        afterClaim = step;
    }

    /** Outcome writes (completions and releases) held now, each on the thread writing it. */
    public int outcomeWritesWaiting() {
        return outcomeWritesWaiting.get();
    }

    /** A completion or release waits here while outcome writes are held. */
    private void waitIfHeld() {
        CountDownLatch held = outcomeWritesHeld;
        if (held != null) {
            outcomeWritesWaiting.incrementAndGet();
            try {
                if (!held.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("a held outcome write was never let through");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                outcomeWritesWaiting.decrementAndGet();
            }
        }
    }

    /** Runs the call on the real store unless switched off. */
    private <T> T guarded(Supplier<T> call) {
        Supplier<? extends Throwable> current = failure;
        if (current != null) {
            Throwable thrown = current.get();
            if (thrown instanceof Error) {
                throw (Error) thrown;
            }
            throw (RuntimeException) thrown;
        }
        return call.get();
    }

    @Override
    public ClaimResult claim(ClaimRequest request) {
        ClaimResult result = guarded(() -> delegate.claim(request));
        Runnable after = afterClaim;
        if (after != null) {
            afterClaim = null;
            after.run();
        }
        if (loseClaimAnswers) {
            throw new StoreUnavailableException("connection reset after the claim was written", null);
        }
        return result;
    }

    @Override
    public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        return guarded(() -> delegate.takeOver(request, expectedToken));
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return guarded(() -> delegate.markUnknown(scope, key, expectedToken));
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return guarded(() -> delegate.giveUp(scope, key, fencingToken));
    }

    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        waitIfHeld();
        return guarded(() -> delegate.complete(scope, key, fencingToken, response, ttl));
    }

    /** Each call counted and held as one write; the completions then stored one by one on the real store. */
    @Override
    public void completeAll(List<? extends Completion> completions) {
        completedTogether.add(completions.size());
        waitIfHeld();
        if (loseCompletionsTogether) {
            throw new StoreUnavailableException("connection reset before the completions were written", null);
        }
        for (Completion completion : completions) {
            completion.stored(guarded(() -> delegate.complete(completion.scope(), completion.key(),
                    completion.fencingToken(), completion.response(), completion.ttl())));
        }
    }

    @Override
    public boolean completesTogether() {
        return completesTogether;
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        waitIfHeld();
        return guarded(() -> delegate.release(scope, key, fencingToken));
    }

    @Override
    public int countStale() {
        return guarded(delegate::countStale);
    }

    @Override
    public boolean withdrawUnstarted(ClaimRequest claim) {
        return guarded(() -> delegate.withdrawUnstarted(claim));
    }

    @Override
    public int countExpired() {
        return guarded(delegate::countExpired);
    }

    @Override
    public int count(RecordState state) {
        return guarded(() -> delegate.count(state));
    }

    @Override
    public StoreFootprint footprint() {
        return guarded(delegate::footprint);
    }

    @Override
    public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        return guarded(() -> delegate.renewLeases(leases, lease));
    }

    @Override
    public int purgeExpired(int batchSize) {
        return guarded(() -> delegate.purgeExpired(batchSize));
    }

    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return guarded(() -> delegate.find(scope, key));
    }
}
