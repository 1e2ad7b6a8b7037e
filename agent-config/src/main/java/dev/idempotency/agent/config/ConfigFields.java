package dev.idempotency.agent.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The known field names of each section. The binder may read only these, and anything else in a
 * file is reported as an unknown field; the documentation test walks the same tables.
 */
final class ConfigFields {

    static final List<String> ROOT = List.of(
            "service-name", "on-config-error", "protection-check-after", "response-capture-budget", "store", "keeper", "logging", "metrics", "defaults", "endpoints",
            "instrumentation");
    static final List<String> STORE = List.of(
            "url", "user", "password", "table", "pool-size", "connect-timeout", "statement-timeout");
    static final List<String> KEEPER = List.of("renew-interval", "purge-interval", "purge-batch-size");
    static final List<String> LOGGING = List.of(
            "sink", "file", "max-file-size", "max-files", "hash-secret", "request-id-header",
            "header-allow-list", "mask-path", "body");
    static final List<String> BODY = List.of("enabled", "redact-fields", "max-size");
    static final List<String> METRICS = List.of("prometheus");
    static final List<String> PROMETHEUS = List.of("port", "bind-address", "store-gauges-interval");
    static final List<String> SETTINGS = List.of(
            "key-header", "required", "key-min-length", "key-max-length", "scope", "ttl", "lease",
            "fingerprint", "statuses", "release-on-status", "in-flight-wait", "retry-after",
            "max-request-body", "max-stored-response-body", "crash-policy", "on-store-error",
            "replay-headers", "deadline", "propagate-key", "propagate-key-header");
    static final List<String> FINGERPRINT = List.of("mode", "ignored-fields", "query-parameters", "headers");
    static final List<String> STATUSES = List.of(
            "missing-key", "invalid-key", "body-too-large", "deadline-exceeded", "store-unavailable",
            "key-reused", "in-progress", "outcome-unknown");
    static final List<String> DEADLINE = List.of("header", "format");
    static final List<String> INSTRUMENTATION = List.of("disabled");
    static final List<String> ENDPOINT_OWN = List.of("name", "method", "path", "resource-method");
    static final List<String> ENDPOINT = concat(ENDPOINT_OWN, SETTINGS);

    private ConfigFields() {
    }

    /**
     * Every field path a config may contain, e.g. {@code store.url}, {@code defaults.fingerprint.mode},
     * {@code endpoints[].name}. Endpoint settings are listed once, under {@code defaults}.
     */
    static List<String> allPaths() {
        List<String> paths = new ArrayList<>();
        addLeaves(paths, "", ROOT, "store", "keeper", "logging", "metrics", "defaults", "endpoints", "instrumentation");
        addLeaves(paths, "store.", STORE);
        addLeaves(paths, "keeper.", KEEPER);
        addLeaves(paths, "logging.", LOGGING, "body");
        addLeaves(paths, "logging.body.", BODY);
        addLeaves(paths, "metrics.prometheus.", PROMETHEUS);
        addLeaves(paths, "defaults.", SETTINGS, "fingerprint", "statuses", "deadline");
        addLeaves(paths, "defaults.fingerprint.", FINGERPRINT);
        addLeaves(paths, "defaults.statuses.", STATUSES);
        addLeaves(paths, "defaults.deadline.", DEADLINE);
        addLeaves(paths, "endpoints[].", ENDPOINT_OWN);
        addLeaves(paths, "instrumentation.", INSTRUMENTATION);
        return paths;
    }

    private static void addLeaves(List<String> paths, String prefix, List<String> fields, String... sections) {
        List<String> sectionNames = List.of(sections);
        for (String field : fields) {
            if (!sectionNames.contains(field)) {
                paths.add(prefix + field);
            }
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return List.copyOf(all);
    }
}
