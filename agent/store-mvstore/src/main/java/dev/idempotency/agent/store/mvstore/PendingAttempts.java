package dev.idempotency.agent.store.mvstore;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;

/**
 * The replays' attempts this JVM counted and the writer has not written yet. A replay is answered
 * from a read and its attempt written later, so without these a request that follows another one
 * of the same key read the count from before the other's write, and two requests in a row got the
 * same attempt number whenever the writer was behind. A reader adds them to what it read; the
 * writer writes a count and takes it from here as one step for readers: a sequence number, odd
 * while the writer is between the two, which a reader waits out and reads again across.
 */
final class PendingAttempts {

    private final ConcurrentHashMap<String, Integer> unwritten = new ConcurrentHashMap<>();
    private final AtomicLong sequence = new AtomicLong();

    /** Counts one attempt of the record {@code recordKey} at {@code fencingToken}, to be written later. */
    void count(String recordKey, long fencingToken) {
        unwritten.merge(generation(recordKey, fencingToken), 1, Integer::sum);
    }

    /**
     * The record's attempts: {@code written} (read from the file) and those counted here but not
     * written, as one consistent reading.
     */
    int attempts(String recordKey, long fencingToken, IntSupplier written) {
        String generation = generation(recordKey, fencingToken);
        while (true) {
            long before = sequence.get();
            if ((before & 1) != 0) {
                Thread.yield();
                continue;
            }
            int attempts = written.getAsInt() + unwritten.getOrDefault(generation, 0);
            if (sequence.get() == before) {
                return attempts;
            }
        }
    }

    /** On the writer's thread: runs {@code write}, which writes one counted attempt, and takes it from here. */
    void write(String recordKey, long fencingToken, Runnable write) {
        sequence.incrementAndGet();
        try {
            write.run();
        } finally {
            uncount(recordKey, fencingToken);
            sequence.incrementAndGet();
        }
    }

    /** Takes back one attempt counted here: its write was written, or will never be. */
    void uncount(String recordKey, long fencingToken) {
        unwritten.computeIfPresent(generation(recordKey, fencingToken), (same, count) -> count > 1 ? count - 1 : null);
    }

    /** A record's key and fencing token: the same key claimed again is another generation, counted afresh. */
    private static String generation(String recordKey, long fencingToken) {
        return recordKey + '#' + fencingToken;
    }
}
