package dev.idempotency.agent.metrics;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Counts every attempt, in total and per declared endpoint. The gauges (executions in flight, lost
 * log events) are read from their owners only when a JMX client asks.
 */
public final class AttemptMetrics implements AttemptListener {

    private final AttemptCounters total = new AttemptCounters();
    private final Map<String, AttemptCounters> byEndpoint = new LinkedHashMap<>();
    private final CountDownLatch firstAttempt = new CountDownLatch(1);
    private volatile IntSupplier executionsInProgress = () -> 0;
    private volatile LongSupplier droppedLogEvents = () -> 0;

    /** One set of counters per endpoint, made up front so the map is only ever read. */
    public AttemptMetrics(Collection<String> endpointNames) {
        for (String name : endpointNames) {
            byEndpoint.put(name, new AttemptCounters());
        }
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        total.record(event);
        AttemptCounters endpoint = event.endpoint() == null ? null : byEndpoint.get(event.endpoint());
        if (endpoint != null) {
            endpoint.record(event);
        }
        firstAttempt.countDown();
    }

    /** Claims of this JVM still executing (the gate's live leases). */
    public void executionsInProgress(IntSupplier gauge) {
        this.executionsInProgress = gauge;
    }

    /** Attempt-log events lost so far. */
    public void droppedLogEvents(LongSupplier gauge) {
        this.droppedLogEvents = gauge;
    }

    /** Waits until the first attempt was counted or {@code timeout} passed; true for the former. */
    boolean awaitFirstAttempt(Duration timeout) throws InterruptedException {
        return firstAttempt.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    AttemptCounters total() {
        return total;
    }

    Map<String, AttemptCounters> byEndpoint() {
        return byEndpoint;
    }

    int executionsInProgress() {
        return executionsInProgress.getAsInt();
    }

    long droppedLogEvents() {
        return droppedLogEvents.getAsLong();
    }
}
