package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.attemptlog.AttemptLog;
import dev.idempotency.agent.attemptlog.AttemptLogSettings;
import dev.idempotency.agent.attemptlog.EventSink;
import dev.idempotency.agent.attemptlog.RollingFileSink;
import dev.idempotency.agent.attemptlog.StreamSink;
import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.BodyLoggingConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.config.LoggingConfig;
import dev.idempotency.agent.config.PrometheusConfig;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.AttemptListeners;
import dev.idempotency.agent.management.AgentProperties;
import dev.idempotency.agent.metrics.AttemptMetrics;
import dev.idempotency.agent.metrics.MetricsRegistration;
import dev.idempotency.agent.metrics.prometheus.PrometheusExposition;
import dev.idempotency.agent.metrics.prometheus.StoreGauges;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.management.ObjectName;

/**
 * What the agent records of each attempt: the attempt log (unless its sink is {@code none}), the
 * JMX metrics, the Prometheus endpoint when {@code metrics.prometheus.port} is set, and on stderr
 * a count of the requests a failing store refused. Built
 * before the gate, which asks the log which request details it needs.
 */
final class AttemptRecording {

    /** How long a stopping JVM waits for queued events to be written. */
    private static final Duration FLUSH_AT_EXIT = Duration.ofSeconds(2);

    private final AttemptLog log;
    private final AttemptMetrics metrics;
    /** {@code null} unless {@code metrics.prometheus.port} is set. */
    private final PrometheusExposition prometheus;
    private final PrometheusConfig prometheusConfig;
    private final AgentStatus status;

    private AttemptRecording(AttemptLog log, AttemptMetrics metrics, PrometheusConfig prometheusConfig,
            AgentStatus status) {
        this.status = status;
        this.log = log;
        this.metrics = metrics;
        this.prometheusConfig = prometheusConfig;
        this.prometheus = prometheusConfig.port().isPresent() ? new PrometheusExposition() : null;
    }

    static AttemptRecording start(AgentConfig config, AgentStatus status) {
        AttemptMetrics metrics = new AttemptMetrics(endpointNames(config));
        AttemptLog log = startLog(config, status);
        if (log != null) {
            metrics.droppedLogEvents(log::droppedEvents);
            java.lang.Runtime.getRuntime().addShutdownHook(
                    new Thread(() -> log.close(FLUSH_AT_EXIT), "idempotency-agent-attempt-log-flush"));
        }
        return new AttemptRecording(log, metrics, config.prometheus(), status);
    }

    /** The listener to hand the gate. */
    AttemptListener listener() {
        List<AttemptListener> listeners = new ArrayList<>();
        listeners.add(metrics);
        if (prometheus != null) {
            listeners.add(prometheus);
        }
        if (log != null) {
            listeners.add(log);
        }
        // The counts of a store that keeps failing go to stderr only: status has the failure itself,
        // and the metrics the counts.
        listeners.add(new StoreFailureDigest(StoreFailureDigest.configuredInterval(), System::currentTimeMillis,
                Diagnostics::warn));
        return AttemptListeners.of(status::errorOnce, (endpoint, message) -> status.warn("endpoint " + endpoint + ": "
                + message), listeners);
    }

    /**
     * Once the gate runs: its in-flight executions become a gauge, the metrics go on JMX (on the
     * platform MBean server the host would make, its builder looked for in {@code hostLoaders}), and the
     * Prometheus endpoint starts. A port that cannot be bound is said once; the service runs on,
     * protected, without that endpoint.
     */
    void publishMetrics(RunningAgent runtime, Supplier<? extends Iterable<ClassLoader>> hostLoaders) {
        metrics.executionsInProgress(runtime::executionsInProgress);
        Map<ObjectName, Object> beans = new HashMap<>();
        beans.put(MetricsRegistration.statusName(), status);
        if (runtime.fileStoreAccess() != null) {
            beans.put(MetricsRegistration.fileStoreName(), runtime.fileStoreAccess());
        }
        // The host's JMX, not a fault of the agent's: one line with what it costs, no stack trace.
        MetricsRegistration.registerLater(metrics, AgentProperties.STATUS_PUBLISHED_AFTER,
                (where, failure) -> status.warn(where + " failed, so status, discover and the JMX metrics cannot read "
                        + "this process (requests are protected as before): " + failure), beans, hostLoaders);
        if (prometheus != null) {
            String address = prometheusConfig.bindAddress() + ":" + prometheusConfig.port().getAsInt();
            try {
                prometheus.serve(prometheusConfig.bindAddress(), prometheusConfig.port().getAsInt(),
                        new StoreGauges(runtime.store(), prometheusConfig.storeGaugesInterval()),
                        runtime::executionsInProgress, log == null ? () -> 0 : log::droppedEvents);
                Diagnostics.info("Prometheus metrics on http://" + prometheusConfig.bindAddress() + ":"
                        + prometheus.port() + "/metrics");
            } catch (IOException | RuntimeException e) {
                String message = "cannot serve Prometheus metrics on " + address + " (" + e
                        + "); requests stay protected, the metrics endpoint is off. Free the port or change "
                        + "metrics.prometheus.port in " + runtime.configFile();
                status.warn(message);
            }
        }
    }

    /** The log, or {@code null} for sink {@code none} or a file that cannot be opened (said on stderr). */
    private static AttemptLog startLog(AgentConfig config, AgentStatus status) {
        LoggingConfig logging = config.logging();
        EventSink sink;
        try {
            sink = sink(logging);
        } catch (IOException | RuntimeException e) {
            status.error("cannot open the attempt log " + logging.file().orElse(null)
                    + "; requests stay protected, but attempts are not logged", e);
            return null;
        }
        return sink == null ? null : AttemptLog.start(settings(config), sink, status::errorOnce);
    }

    private static EventSink sink(LoggingConfig logging) throws IOException {
        switch (logging.sink()) {
            case STDOUT:
                return StreamSink.stdout();
            case STDERR:
                return StreamSink.stderr();
            case FILE:
                Path file = logging.file().orElseThrow(() -> new IllegalStateException("logging.file is required"));
                return new RollingFileSink(file, logging.maxFileSize(), logging.maxFiles());
            default:
                return null;
        }
    }

    static AttemptLogSettings settings(AgentConfig config) {
        LoggingConfig logging = config.logging();
        BodyLoggingConfig body = logging.body();
        return AttemptLogSettings.builder()
                .serviceName(config.serviceName())
                .agentVersion(AgentVersion.get())
                .configFile(config.source().toAbsolutePath().normalize().toString())
                .hashSecret(logging.hashSecret().orElse(null))
                .maskPath(logging.maskPath())
                .headerAllowList(logging.headerAllowList())
                .body(body.enabled(), body.redactFields(), (int) Math.min(Integer.MAX_VALUE, body.maxSize()))
                .build();
    }

    private static List<String> endpointNames(AgentConfig config) {
        List<String> names = new ArrayList<>();
        for (EndpointConfig endpoint : config.endpoints()) {
            names.add(endpoint.name());
        }
        return names;
    }
}
