package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * A store being opened on its own thread, so the JVM's start does not wait for a connection pool,
 * a database driver and a schema check. A call made before the store is open waits for it, at
 * most {@code wait}, then fails with {@link StoreUnavailableException}: a request arriving during
 * start-up is answered like one arriving during a store outage, and never executes unclaimed.
 */
public final class OpeningStore implements IdempotencyStore {

    private final CompletableFuture<IdempotencyStore> opening;
    private final Duration wait;
    private volatile IdempotencyStore open;

    private OpeningStore(CompletableFuture<IdempotencyStore> opening, Duration wait) {
        this.opening = opening;
        this.wait = wait;
    }

    /**
     * Starts {@code opener} on a daemon thread named {@code threadName}.
     *
     * @param wait longest time a call waits for the store to open
     */
    public static OpeningStore start(Supplier<? extends IdempotencyStore> opener, Duration wait, String threadName) {
        CompletableFuture<IdempotencyStore> opening = new CompletableFuture<>();
        OpeningStore store = new OpeningStore(opening, wait);
        StoreThreads.named(threadName).start(() -> {
            try {
                store.open = opener.get();
                opening.complete(store.open);
            } catch (Throwable failure) {
                opening.completeExceptionally(failure);
            }
        });
        return store;
    }

    /** Completes with the open store, or with the reason it could not be opened. */
    public CompletableFuture<IdempotencyStore> opened() {
        return opening;
    }

    @Override
    public ClaimResult claim(ClaimRequest request) {
        return store().claim(request);
    }

    @Override
    public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        return store().takeOver(request, expectedToken);
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return store().markUnknown(scope, key, expectedToken);
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return store().giveUp(scope, key, fencingToken);
    }

    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        return store().complete(scope, key, fencingToken, response, ttl);
    }

    @Override
    public void completeAll(List<? extends Completion> completions) {
        IdempotencyStore ready;
        try {
            ready = store();
        } catch (StoreUnavailableException e) {
            for (Completion completion : completions) {
                completion.failed(e);
            }
            return;
        }
        ready.completeAll(completions);
    }

    /** The open store's answer; no store open yet writes nothing together. */
    @Override
    public boolean completesTogether() {
        IdempotencyStore ready = open;
        return ready != null && ready.completesTogether();
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return store().release(scope, key, fencingToken);
    }

    @Override
    public int countStale() {
        return store().countStale();
    }

    @Override
    public boolean withdrawUnstarted(ClaimRequest claim) {
        return store().withdrawUnstarted(claim);
    }

    @Override
    public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        return store().renewLeases(leases, lease);
    }

    @Override
    public int purgeExpired(int batchSize) {
        return store().purgeExpired(batchSize);
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
            Duration ttl, boolean evenIfLeaseLive) {
        return store().resolveComplete(scope, key, expectedToken, response, ttl, evenIfLeaseLive);
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        return store().resolveRelease(scope, key, expectedToken, evenIfLeaseLive);
    }

    @Override
    public int countExpired() {
        return store().countExpired();
    }

    @Override
    public int count(RecordState state) {
        return store().count(state);
    }

    @Override
    public StoreFootprint footprint() {
        return store().footprint();
    }

    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return store().find(scope, key);
    }

    @Override
    public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        return store().list(state, olderThan, limit);
    }

    /** Closes the store now if it is open, or as soon as it opens. */
    @Override
    public void close() {
        opening.thenAccept(IdempotencyStore::close);
    }

    private IdempotencyStore store() {
        IdempotencyStore ready = open;
        if (ready != null) {
            return ready;
        }
        try {
            return opening.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StoreUnavailableException("the store is still opening after waiting " + wait.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            throw new StoreUnavailableException("the store could not be opened: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting for the store to open", e);
        }
    }
}
