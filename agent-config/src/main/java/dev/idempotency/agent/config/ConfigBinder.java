package dev.idempotency.agent.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.store.StoreProviders;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Walks a config tree into an {@link AgentConfig}, recording every problem instead of stopping at
 * the first; the result is only handed out when none was found.
 */
final class ConfigBinder {

    /** The store's rule: an identifier of up to 48 characters, optionally after a schema written the same way. */

    private final ProblemList problems;
    private final EnvReferences env;
    private OnConfigError onConfigError = BuiltInDefaults.ON_CONFIG_ERROR;

    ConfigBinder(ProblemList problems, EnvReferences env) {
        this.problems = problems;
        this.env = env;
    }

    /** The policy the file asked for; meaningful even when the file has problems. */
    OnConfigError onConfigError() {
        return onConfigError;
    }

    AgentConfig bind(JsonNode root, Path source) {
        FieldReader r = new FieldReader(root, "", ConfigFields.ROOT, problems, env);
        onConfigError = r.choice("on-config-error", BuiltInDefaults.ON_CONFIG_ERROR, OnConfigError.class);
        String serviceName = nonBlank(r, "service-name", BuiltInDefaults.SERVICE_NAME, "name the service, e.g. orders");
        Duration protectionCheckAfter = r.duration("protection-check-after", BuiltInDefaults.PROTECTION_CHECK_AFTER,
                true);
        long captureBudget = r.size("response-capture-budget", AgentConfig.HEAP_SHARE);
        StoreSettings store = store(r.mapping("store", ConfigFields.STORE), BuiltInDefaults.STORE);
        KeeperConfig keeper = keeper(r.mapping("keeper", ConfigFields.KEEPER), BuiltInDefaults.KEEPER);
        LoggingConfig logging = logging(r.mapping("logging", ConfigFields.LOGGING), BuiltInDefaults.LOGGING);
        PrometheusConfig prometheus = prometheus(r.mapping("metrics", ConfigFields.METRICS)
                .mapping("prometheus", ConfigFields.PROMETHEUS), BuiltInDefaults.PROMETHEUS);
        SettingsBinder settings = new SettingsBinder(keeper.renewInterval());
        EndpointSettings defaults = settings.bind(r.mapping("defaults", ConfigFields.SETTINGS),
                EndpointSettings.defaults(), true);
        List<EndpointConfig> endpoints = new EndpointsBinder(settings, defaults, problems).bind(r);
        if (!root.has("service-name")) {
            requireNameWherePropagating(r, endpoints);
        }
        InstrumentationConfig instrumentation = InstrumentationBinder.bind(
                r.mapping("instrumentation", ConfigFields.INSTRUMENTATION), BuiltInDefaults.INSTRUMENTATION);
        return new AgentConfig(source, serviceName, onConfigError, protectionCheckAfter, captureBudget, store, keeper,
                logging, prometheus, defaults, endpoints, instrumentation);
    }

    /**
     * A derived key is made of the service's name, the endpoint's and the key: two services left
     * with the default name would send one downstream service the same keys for different
     * operations, and it would answer one with the other's result. So propagating needs a name.
     */
    private static void requireNameWherePropagating(FieldReader r, List<EndpointConfig> endpoints) {
        List<String> propagating = new ArrayList<>();
        for (EndpointConfig endpoint : endpoints) {
            if (endpoint.settings().propagateKey().enabled()) {
                propagating.add(endpoint.name());
            }
        }
        if (!propagating.isEmpty()) {
            r.problem(r.pathOf("service-name"), null, "is not set, and propagate-key is on for "
                    + String.join(", ", propagating) + ": the keys sent downstream are derived from the service's "
                    + "name, so every service left with the default name would send a downstream service the same "
                    + "keys for different operations, and get one another's answers; set service-name: to a name "
                    + "no other service calling the same downstream services has, e.g. service-name: orders");
        }
    }

    private static String nonBlank(FieldReader r, String field, String fallback, String hint) {
        String text = r.text(field, fallback);
        if (text.trim().isEmpty()) {
            r.problem(r.pathOf(field), text, "is empty; " + hint);
            return fallback;
        }
        return text;
    }

    private static StoreSettings store(FieldReader r, StoreSettings base) {
        String url = r.text("url", base.url());
        try {
            StoreProviders.forUrl(url).checkUrl(url);
        } catch (IllegalArgumentException e) {
            // a password written into the URL must not reach the error either
            r.problem(r.pathOf("url"), url.replaceFirst("//[^/@]*@", "//***@"), e.getMessage());
            url = base.url();
        }
        String table = r.checked("table", base.table(), StoreSettings::tableProblem);
        FieldReader redis = r.mapping("redis", ConfigFields.STORE_REDIS);
        int waitReplicas = redis.number("wait-replicas", base.waitReplicas(), 0, StoreSettings.MAX_WAIT_REPLICAS);
        if (waitReplicas > 0 && !url.startsWith("redis://") && !url.startsWith("rediss://")) {
            r.problem(redis.pathOf("wait-replicas"), Integer.toString(waitReplicas), "applies to a Redis store "
                    + "(store.url: redis://...) only; remove it, or make store.url a redis:// URL");
            waitReplicas = 0;
        }
        return base.withUrl(url)
                .withCredentials(r.text("user", base.user()), r.text("password", base.password()))
                .withTable(table)
                .withPoolSize(r.number("pool-size", base.poolSize(), 1, StoreSettings.MAX_POOL_SIZE))
                .withConnectTimeout(r.duration("connect-timeout", base.connectTimeout(), true))
                .withStatementTimeout(r.duration("statement-timeout", base.statementTimeout(), true))
                .withWaitReplicas(waitReplicas);
    }

    private static KeeperConfig keeper(FieldReader r, KeeperConfig base) {
        return new KeeperConfig(
                r.duration("renew-interval", base.renewInterval(), true),
                r.duration("purge-interval", base.purgeInterval(), true),
                r.number("purge-batch-size", base.purgeBatchSize(), 1, 1_000_000));
    }

    private static PrometheusConfig prometheus(FieldReader r, PrometheusConfig base) {
        Integer port = null;
        if (r.has("port")) {
            port = r.number("port", 0, 0, 65535);
        } else if (base.port().isPresent()) {
            port = base.port().getAsInt();
        }
        String bindAddress = r.text("bind-address", base.bindAddress());
        if (bindAddress.trim().isEmpty()) {
            r.problem(r.pathOf("bind-address"), bindAddress, "is empty; use 127.0.0.1 (this host only) or 0.0.0.0");
        }
        return new PrometheusConfig(port, bindAddress, r.duration("store-gauges-interval", base.storeGaugesInterval(), true));
    }

    private static LoggingConfig logging(FieldReader r, LoggingConfig base) {
        LogSink sink = r.choice("sink", base.sink(), LogSink.class);
        Path file = file(r, "file", base.file().orElse(null));
        if (sink == LogSink.FILE && file == null) {
            r.problem(r.pathOf("file"), null,
                    "is required when logging.sink is file; e.g. file: ./logs/idempotency-attempts.jsonl");
        }
        long maxFileSize = r.size("max-file-size", base.maxFileSize());
        if (maxFileSize == 0) {
            r.problem(r.pathOf("max-file-size"), "0", "must be larger than 0; " + SizeText.FORMS);
            maxFileSize = base.maxFileSize();
        }
        String hashSecret = r.text("hash-secret", base.hashSecret().orElse(null));
        return new LoggingConfig(sink, file, maxFileSize,
                r.number("max-files", base.maxFiles(), 1, 1000),
                hashSecret == null || hashSecret.isEmpty() ? null : hashSecret,
                HeaderFields.one(r, "request-id-header", base.requestIdHeader(), false),
                HeaderFields.list(r, "header-allow-list", base.headerAllowList(), HeaderFields.NEVER_LOGGED,
                        "is never logged; remove it from header-allow-list"),
                r.bool("mask-path", base.maskPath()),
                body(r.mapping("body", ConfigFields.BODY), base.body()));
    }

    private static Path file(FieldReader r, String field, Path fallback) {
        String text = r.text(field, null);
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            return Paths.get(text);
        } catch (InvalidPathException e) {
            r.problem(r.pathOf(field), text, "is not a file path: " + e.getReason());
            return fallback;
        }
    }

    private static BodyLoggingConfig body(FieldReader r, BodyLoggingConfig base) {
        return new BodyLoggingConfig(
                r.bool("enabled", base.enabled()),
                r.texts("redact-fields", base.redactFields()),
                r.size("max-size", base.maxSize()));
    }
}
