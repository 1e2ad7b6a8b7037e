package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.Decision;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * While the store keeps failing, counts the requests it failed and says so in one line at most
 * once per interval; each cause itself is said once, with its stack trace, by the gate. The
 * count is said with the first failure after the interval, so a store that answers again falls
 * silent.
 */
final class StoreFailureDigest implements AttemptListener {

    /** Milliseconds between count lines; only tests shorten the minute an operator reads best. */
    static final String INTERVAL_PROPERTY = "idempotency.agent.store-failure-digest-interval-ms";
    static final Duration DEFAULT_INTERVAL = Duration.ofMinutes(1);

    private final long intervalMillis;
    private final LongSupplier clock;
    private final Consumer<String> out;
    /** When the current count began; -1 before the first failure. */
    private long since = -1;
    private int refused;
    private int refusedStatus;
    private int unprotected;

    StoreFailureDigest(Duration interval, LongSupplier clock, Consumer<String> out) {
        this.intervalMillis = interval.toMillis();
        this.clock = clock;
        this.out = out;
    }

    /** The interval from {@value #INTERVAL_PROPERTY}, a minute without it. */
    static Duration configuredInterval() {
        return Duration.ofMillis(Long.getLong(INTERVAL_PROPERTY, DEFAULT_INTERVAL.toMillis()));
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        if (event.decision() != Decision.STORE_UNAVAILABLE) {
            return;
        }
        String summary = count(event.status());
        if (summary != null) {
            out.accept(summary);
        }
    }

    /** The line to say now, or {@code null}. */
    private synchronized String count(int status) {
        long now = clock.getAsLong();
        if (since < 0) {
            since = now;
        }
        if (status == 0) {
            unprotected++;
        } else {
            refused++;
            refusedStatus = status;
        }
        if (now - since < intervalMillis) {
            return null;
        }
        String summary = "store still failing: " + refused + " requests answered " + (refused == 0 ? 503 : refusedStatus)
                + " since " + Instant.ofEpochMilli(since)
                + (unprotected == 0 ? "" : ", " + unprotected + " ran unprotected (fail-open)");
        since = now;
        refused = 0;
        unprotected = 0;
        return summary;
    }
}
