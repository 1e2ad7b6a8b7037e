package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** The whole agent config, validated, with every endpoint resolved against the defaults. */
public final class AgentConfig {

    private final Path source;
    private final String serviceName;
    private final OnConfigError onConfigError;
    private final Duration protectionCheckAfter;
    private final long responseCaptureBudget;
    private final StoreSettings store;
    private final KeeperConfig keeper;
    private final LoggingConfig logging;
    private final PrometheusConfig prometheus;
    private final EndpointSettings defaults;
    private final List<EndpointConfig> endpoints;
    private final InstrumentationConfig instrumentation;

    AgentConfig(Path source, String serviceName, OnConfigError onConfigError, Duration protectionCheckAfter,
            long responseCaptureBudget, StoreSettings store,
            KeeperConfig keeper, LoggingConfig logging, PrometheusConfig prometheus, EndpointSettings defaults,
            List<EndpointConfig> endpoints,
            InstrumentationConfig instrumentation) {
        this.source = source;
        this.serviceName = serviceName;
        this.onConfigError = onConfigError;
        this.protectionCheckAfter = protectionCheckAfter;
        this.responseCaptureBudget = responseCaptureBudget;
        this.store = store;
        this.keeper = keeper;
        this.logging = logging;
        this.prometheus = prometheus;
        this.defaults = defaults;
        this.endpoints = Collections.unmodifiableList(new ArrayList<>(endpoints));
        this.instrumentation = instrumentation;
    }

    /** The file the config was read from, as given to the loader. */
    public Path source() { return source; }
    public String serviceName() { return serviceName; }
    public OnConfigError onConfigError() { return onConfigError; }
    /** How long after start the agent reports declared endpoints that no instrumented entry point serves. */
    public Duration protectionCheckAfter() { return protectionCheckAfter; }

    /** Unset: {@link #HEAP_SHARE}, a tenth of the JVM's maximum heap. */
    static final long HEAP_SHARE = -1;

    /**
     * The bytes of response copies the agent may hold at once across all requests
     * ({@code response-capture-budget}); by default a tenth of {@code maxHeap}.
     */
    public long responseCaptureBudget(long maxHeap) {
        return responseCaptureBudget == HEAP_SHARE ? maxHeap / 10 : responseCaptureBudget;
    }
    public StoreSettings store() { return store; }
    public KeeperConfig keeper() { return keeper; }
    public LoggingConfig logging() { return logging; }
    /** {@code metrics.prometheus}: the opt-in scrape endpoint. */
    public PrometheusConfig prometheus() { return prometheus; }
    /** The {@code defaults} section as resolved; every endpoint already carries its own copy. */
    public EndpointSettings defaults() { return defaults; }
    /** In the order of the file; never empty. */
    public List<EndpointConfig> endpoints() { return endpoints; }
    /** {@code instrumentation}: the instrumentation groups switched off. */
    public InstrumentationConfig instrumentation() { return instrumentation; }
}
