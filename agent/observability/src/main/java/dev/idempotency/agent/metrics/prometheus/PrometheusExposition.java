package dev.idempotency.agent.metrics.prometheus;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.store.StoreFootprint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The attempts as Prometheus / OpenMetrics metrics, served by a {@link ScrapeServer} on a port of
 * the agent's own (never through the application). Counted as attempts happen; the gauges are read
 * when a scraper asks, the store's through {@link StoreGauges} at most once per interval.
 *
 * <pre>
 * idempotency_attempts_total{endpoint, decision}             counter
 * idempotency_attempt_duration_seconds{endpoint, decision}   histogram
 * idempotency_keys_marked_unknown_total{endpoint}            counter
 * idempotency_downstream_keyed_total{endpoint}               counter, unsafe downstream calls given a derived key
 * idempotency_keys{state="in_progress"|"unknown"}            gauge, from the store
 * idempotency_store_up                                       gauge, 1 when the store answered the last query
 * idempotency_store_records                                  gauge, from the store (expired ones included)
 * idempotency_store_bytes                                    gauge, from the store (absent when it cannot tell)
 * idempotency_executions_in_progress                         gauge, this JVM
 * idempotency_log_events_dropped_total                       counter
 * </pre>
 */
public final class PrometheusExposition implements AttemptListener, AutoCloseable {

    private static final double NANOS_PER_SECOND = 1e9;

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter attempts = Counter.builder().name("idempotency_attempts")
            .help("Requests to declared endpoints, by endpoint and decision").labelNames("endpoint", "decision")
            .register(registry);
    private final Histogram durations = Histogram.builder().name("idempotency_attempt_duration_seconds")
            .help("Time from the agent seeing a request to its decision or, when executed, to the end of the handler")
            .labelNames("endpoint", "decision").classicOnly().withoutExemplars().register(registry);
    private final Counter markedUnknown = Counter.builder().name("idempotency_keys_marked_unknown")
            .help("Records turned UNKNOWN because their owner died mid-execution").labelNames("endpoint")
            .register(registry);
    private final Counter downstreamKeyed = Counter.builder().name("idempotency_downstream_keyed")
            .help("Unsafe downstream calls of protected executions sent with a derived key (propagate-key)")
            .labelNames("endpoint").register(registry);
    private final Counter downstreamUnkeyed = Counter.builder().name("idempotency_downstream_unkeyed")
            .help("Unsafe downstream calls of protected executions sent without a key, from threads whose work is "
                    + "not followed (instrumentation.unkeyed-threads)")
            .labelNames("endpoint").register(registry);
    private volatile ScrapeServer server;

    @Override
    public void onAttempt(AttemptEvent event) {
        String endpoint = event.endpoint() == null ? "" : event.endpoint();
        if (event.decision() == Decision.PROPAGATED) {
            downstreamKeyed.labelValues(endpoint).inc();
            return;
        }
        if (event.decision() == Decision.DOWNSTREAM_UNKEYED) {
            downstreamUnkeyed.labelValues(endpoint).inc();
            return;
        }
        String decision = event.decision().label();
        attempts.labelValues(endpoint, decision).inc();
        durations.labelValues(endpoint, decision).observe(event.durationNanos() / NANOS_PER_SECOND);
    }

    @Override
    public void onMarkedUnknown(MarkedUnknown record) {
        markedUnknown.labelValues(record.endpoint()).inc();
    }

    /**
     * Adds the gauges and starts serving {@code /metrics} on {@code bindAddress:port} ({@code 0}:
     * any free port) on daemon threads.
     *
     * @throws IOException when the port cannot be bound (in use, not permitted)
     */
    public void serve(String bindAddress, int port, StoreGauges store, IntSupplier executionsInProgress,
            LongSupplier droppedLogEvents) throws IOException {
        GaugeWithCallback.builder().name("idempotency_keys")
                .help("Live records by state, read from the store at most once per metrics.prometheus.store-gauges-interval")
                .labelNames("state")
                .callback(callback -> store.read().ifPresent(counts -> {
                    callback.call(counts.inProgress(), "in_progress");
                    callback.call(counts.unknown(), "unknown");
                }))
                .register(registry);
        GaugeWithCallback.builder().name("idempotency_store_records")
                .help("Every record in the store, expired ones the purge has not removed yet included")
                .callback(callback -> store.read().flatMap(StoreGauges.Counts::footprint)
                        .ifPresent(footprint -> callback.call(footprint.records())))
                .register(registry);
        GaugeWithCallback.builder().name("idempotency_store_bytes")
                .help("Bytes the store takes on disk: table and indexes on a server, the whole file on H2")
                .callback(callback -> store.read().flatMap(StoreGauges.Counts::footprint)
                        .filter(StoreFootprint::bytesKnown).ifPresent(footprint -> callback.call(footprint.bytesOnDisk())))
                .register(registry);
        GaugeWithCallback.builder().name("idempotency_store_up")
                .help("1 when the store answered its last query, 0 when it failed")
                .callback(callback -> callback.call(store.read().isPresent() ? 1 : 0))
                .register(registry);
        GaugeWithCallback.builder().name("idempotency_executions_in_progress")
                .help("Claims this JVM holds: executing, or answered with the outcome still being written")
                .callback(callback -> callback.call(executionsInProgress.getAsInt()))
                .register(registry);
        CounterWithCallback.builder().name("idempotency_log_events_dropped")
                .help("Attempt-log lines lost: queue full or sink failed")
                .callback(callback -> callback.call(droppedLogEvents.getAsLong()))
                .register(registry);
        server = ScrapeServer.start(bindAddress, port, new PrometheusScrapeHandler(registry));
    }

    /** The bound port, or -1 while not serving. */
    public int port() {
        ScrapeServer serving = server;
        return serving == null ? -1 : serving.port();
    }

    @Override
    public void close() {
        ScrapeServer serving = server;
        if (serving != null) {
            serving.close();
        }
    }
}
