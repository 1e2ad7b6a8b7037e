package dev.idempotency.agent.store.keeper;

import dev.idempotency.agent.store.ClaimRequest;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The claims this JVM sent whose answer never came back: the store failed in the middle of the
 * call (a connection killed after the commit, say), so the claim may be written though its request
 * was refused and its handler never ran. The keeper withdraws each once the store answers again
 * ({@link dev.idempotency.agent.store.LeaseUpkeep#withdrawUnstarted}), so the client's retry
 * executes instead of meeting a claim in progress, then an outcome unknown.
 */
public final class UnansweredClaims {

    /** Bounds memory through a long outage; a claim past it ends as any abandoned claim does, by its lease. */
    static final int LIMIT = 10_000;

    private final Queue<ClaimRequest> pending = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();

    /** {@code claim} got no answer; false when too many wait already. */
    public boolean add(ClaimRequest claim) {
        if (size.incrementAndGet() > LIMIT) {
            size.decrementAndGet();
            return false;
        }
        pending.add(claim);
        return true;
    }

    public int size() {
        return size.get();
    }

    Collection<ClaimRequest> snapshot() {
        return new ArrayList<>(pending);
    }

    void withdrawn(ClaimRequest claim) {
        if (pending.remove(claim)) {
            size.decrementAndGet();
        }
    }
}
