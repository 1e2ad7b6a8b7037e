package dev.idempotency.agent.metrics;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import java.util.concurrent.atomic.LongAdder;

/** Counts of one set of attempts (all of them, or one endpoint's): per decision, per failure class, and their durations. */
final class AttemptCounters {

    private final LongAdder[] decisions = adders(Decision.values().length);
    private final LongAdder[] errors = adders(ErrorType.values().length);
    private final LatencySummary latency = new LatencySummary();

    void record(AttemptEvent event) {
        decisions[event.decision().ordinal()].increment();
        if (event.decision().isDownstreamCall()) {
            // a downstream call of an execution counted already, not an attempt of its own
            return;
        }
        if (event.errorType() != null) {
            errors[event.errorType().ordinal()].increment();
        }
        latency.record(event.durationNanos());
    }

    long decisions(Decision decision) {
        return decisions[decision.ordinal()].sum();
    }

    long errors(ErrorType type) {
        return errors[type.ordinal()].sum();
    }

    long attempts() {
        return latency.count();
    }

    LatencySummary latency() {
        return latency;
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] adders = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            adders[i] = new LongAdder();
        }
        return adders;
    }
}
