package dev.idempotency.agent.core.time;

/**
 * The JVM's clocks as the core sees them: wall time for deadlines and event timestamps, a
 * monotonic tick for durations and waits. Lease and expiry times never come from here: they are
 * the store's.
 */
public interface TimeSource {

    /** Wall-clock milliseconds since the epoch. */
    long currentTimeMillis();

    /** Monotonic nanoseconds, only meaningful as a difference. */
    long nanoTime();

    /** Blocks the calling thread; tests may advance their own time instead. */
    void sleepMillis(long millis) throws InterruptedException;

    static TimeSource system() {
        return SystemTime.INSTANCE;
    }
}
