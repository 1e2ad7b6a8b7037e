package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.time.Duration;
import java.util.List;

/** The values a config gets for every field it leaves out; docs/configuration.md lists the same. */
final class BuiltInDefaults {

    static final String SERVICE_NAME = "unknown-service";
    static final OnConfigError ON_CONFIG_ERROR = OnConfigError.FAIL;

    static final StoreSettings STORE = StoreSettings.defaults();

    /** Long enough for a container to load its servlets and JAX-RS runtime, short enough to be read at start. */
    static final Duration PROTECTION_CHECK_AFTER = Duration.ofSeconds(60);
    static final KeeperConfig KEEPER = new KeeperConfig(Duration.ofSeconds(10), Duration.ofMinutes(1), 500);

    static final LoggingConfig LOGGING = new LoggingConfig(
            LogSink.STDOUT, null, 10L * 1024 * 1024, 5, null, "X-Request-Id", Collections.emptyList(), true,
            new BodyLoggingConfig(false, Collections.unmodifiableList(Arrays.asList("password", "cardNumber", "cvv")), 2L * 1024));

    static final PrometheusConfig PROMETHEUS = new PrometheusConfig(null, "127.0.0.1", Duration.ofSeconds(15));

    /** Every instrumentation group on. */
    static final InstrumentationConfig INSTRUMENTATION = new InstrumentationConfig(Collections.emptyList(), Collections.emptyList());

    private BuiltInDefaults() {
    }
}
