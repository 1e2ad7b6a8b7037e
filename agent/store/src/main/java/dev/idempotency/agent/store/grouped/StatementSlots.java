package dev.idempotency.agent.store.grouped;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many grouped statements of a store may run at once, shared by its claims and completions
 * (the store chooses: a few on a SQL server, whose every commit costs it a flush; as many as the
 * pool has connections on Redis). Below that every caller runs its own statement, as without
 * grouping; beyond it callers queue and share the next statement. A statement that
 * ends passes its slot to the kind whose first queued caller has waited longest, so neither kind
 * starves the other.
 */
public final class StatementSlots {

    /** One kind of grouped statement, as the slots see it; called with {@link #lock} held. */
    interface Member {
        /** When the first caller still waiting arrived ({@link Long#MAX_VALUE} for none). */
        long oldestArrival();

        /**
         * Takes a batch of waiting callers from the queue and returns what hands it to one of
         * them to run; null when they all gave up meanwhile.
         */
        Runnable takeBatch();
    }

    final ReentrantLock lock = new ReentrantLock();
    private final int slots;
    private final List<Member> members = new ArrayList<>();
    private int inFlight;
    private long arrivals;

    public StatementSlots(int slots) {
        if (slots < 1) {
            throw new IllegalArgumentException("statements in flight must be at least 1, was " + slots);
        }
        this.slots = slots;
    }

    void join(Member member) {
        lock.lock();
        try {
            members.add(member);
        } finally {
            lock.unlock();
        }
    }

    /** With {@link #lock} held: takes a slot if one is free. */
    boolean tryTake() {
        if (inFlight < slots) {
            inFlight++;
            return true;
        }
        return false;
    }

    /** With {@link #lock} held: the next arrival number, for the fairness between kinds. */
    long arrival() {
        return arrivals++;
    }

    int inFlight() {
        lock.lock();
        try {
            return inFlight;
        } finally {
            lock.unlock();
        }
    }

    /** A statement ended: its slot goes to the longest-waiting queued caller's kind, or is freed. */
    void passOn() {
        Runnable handOff = null;
        lock.lock();
        try {
            while (handOff == null) {
                Member next = null;
                long oldest = Long.MAX_VALUE;
                for (Member member : members) {
                    long arrival = member.oldestArrival();
                    if (arrival < oldest) {
                        oldest = arrival;
                        next = member;
                    }
                }
                if (next == null) {
                    inFlight--;
                    return;
                }
                handOff = next.takeBatch();
            }
        } finally {
            lock.unlock();
        }
        handOff.run();
    }
}
