package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;

/**
 * One adjustable clock for a test: the store's clock (leases, expiry) and the gate's clocks
 * (durations, deadlines). Sleeping advances it instead of blocking, and runs a hook, so a test can
 * let "another request" finish while the gate waits.
 */
public final class TestClock implements TimeSource {

    private long millis = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    private long nanos = 1_000_000_000L;
    private Runnable onSleep = () -> { };

    public synchronized Instant now() {
        return Instant.ofEpochMilli(millis);
    }

    public synchronized void advance(Duration duration) {
        millis += duration.toMillis();
        nanos += duration.toNanos();
    }

    /** Runs on every sleep of the gate, after the clock moved. */
    public synchronized void onSleep(Runnable hook) {
        this.onSleep = hook;
    }

    @Override
    public synchronized long currentTimeMillis() {
        return millis;
    }

    @Override
    public synchronized long nanoTime() {
        return nanos;
    }

    @Override
    public void sleepMillis(long sleep) {
        Runnable hook;
        synchronized (this) {
            advance(Duration.ofMillis(sleep));
            hook = onSleep;
        }
        hook.run();
    }
}
