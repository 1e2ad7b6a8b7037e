package dev.idempotency.agent.store.keeper;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredRecord;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The claims this JVM sent whose answer never came back: the store failed in the middle of the
 * call (a connection killed after the commit, say), so the claim may be written though its request
 * was refused and its handler never ran. The keeper withdraws each once the store answers again
 * ({@link dev.idempotency.agent.store.RequestWork#withdrawUnstarted}), so the client's retry
 * executes instead of meeting a claim in progress, then an outcome unknown; a retry that reaches
 * this JVM first withdraws it itself ({@link #of}).
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

    /**
     * The unanswered claim {@code record} is, if it is one: same scope and key, written by this
     * JVM ({@code owner}) for the same request id; else {@code null}.
     */
    public ClaimRequest of(StoredRecord record) {
        for (ClaimRequest claim : pending) {
            if (claim.scope().equals(record.scope()) && claim.key().equals(record.key())
                    && claim.owner().equals(record.owner()) && Objects.equals(claim.requestId(), record.firstRequestId())) {
                return claim;
            }
        }
        return null;
    }

    /** {@code claim} is no longer in the store (withdrawn, or found gone). */
    public void withdrawn(ClaimRequest claim) {
        if (pending.remove(claim)) {
            size.decrementAndGet();
        }
    }
}
