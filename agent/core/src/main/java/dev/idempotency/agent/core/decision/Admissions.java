package dev.idempotency.agent.core.decision;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests on their way from the claim to an execution this JVM tracks (its lease among the
 * {@code LiveLeases}), and, once the JVM stops, no new ones. A stop waits for those under way and
 * for the leases before the agent closes an embedded store: a request let in after that would run
 * its handler and answer, and then find no store for its outcome.
 */
final class Admissions {

    private final AtomicInteger underWay = new AtomicInteger();
    private volatile boolean stopped;

    /** False once {@link #stop} was called: the request is refused, never claimed. Else {@link #leave} follows. */
    boolean enter() {
        underWay.incrementAndGet();
        if (stopped) {
            underWay.decrementAndGet();
            return false;
        }
        return true;
    }

    void leave() {
        underWay.decrementAndGet();
    }

    void stop() {
        stopped = true;
    }

    /** Requests let in before the stop still between their claim and a tracked lease (or their refusal). */
    int underWay() {
        return underWay.get();
    }
}
