package dev.idempotency.agent.config;

import java.time.Duration;
import java.util.List;

/** The values a config gets for every field it leaves out; docs/configuration.md lists the same. */
final class BuiltInDefaults {

    static final String SERVICE_NAME = "unknown-service";
    static final OnConfigError ON_CONFIG_ERROR = OnConfigError.FAIL;

    static final StoreConfig STORE = new StoreConfig(
            "jdbc:h2:file:./idempotency-store/agent", "sa", "", "idempotency_record", 8,
            Duration.ofSeconds(2), Duration.ofSeconds(2));

    /** Long enough for a container to load its servlets and JAX-RS runtime, short enough to be read at start. */
    static final Duration PROTECTION_CHECK_AFTER = Duration.ofSeconds(60);
    static final KeeperConfig KEEPER = new KeeperConfig(Duration.ofSeconds(10), Duration.ofMinutes(1), 500);

    static final LoggingConfig LOGGING = new LoggingConfig(
            LogSink.STDOUT, null, 10L * 1024 * 1024, 5, null, "X-Request-Id", List.of(), true,
            new BodyLoggingConfig(false, List.of("password", "cardNumber", "cvv"), 2L * 1024));

    static final PrometheusConfig PROMETHEUS = new PrometheusConfig(null, "127.0.0.1", Duration.ofSeconds(15));

    static final EndpointSettings SETTINGS = new EndpointSettings(
            "Idempotency-Key", true, 1, 255, Scope.NONE, Duration.ofHours(24), Duration.ofSeconds(30),
            new FingerprintConfig(FingerprintMode.RAW, List.of(), null, List.of()),
            new AnswerStatuses(400, 400, 413, 504, 503, 422, 409, 409),
            List.of(), Duration.ZERO, Duration.ofSeconds(1), 1024L * 1024, 1024L * 1024,
            CrashPolicy.UNKNOWN, StoreErrorPolicy.FAIL_CLOSED, List.of(),
            new DeadlineConfig("", DeadlineFormat.RELATIVE_MS));

    private BuiltInDefaults() {
    }
}
