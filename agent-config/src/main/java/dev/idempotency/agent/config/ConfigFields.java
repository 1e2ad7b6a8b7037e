package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;

/**
 * The known field names of each section. The binder may read only these, and anything else in a
 * file is reported as an unknown field; the documentation test walks the same tables.
 */
final class ConfigFields {

    static final List<String> ROOT = Collections.unmodifiableList(Arrays.asList("service-name", "on-config-error", "protection-check-after", "response-capture-budget", "store", "keeper", "logging", "metrics", "defaults", "endpoints", "instrumentation"));
    static final List<String> STORE = Collections.unmodifiableList(Arrays.asList("url", "user", "password", "table", "pool-size", "connect-timeout", "statement-timeout", "redis"));
    static final List<String> STORE_REDIS = Collections.singletonList("wait-replicas");
    static final List<String> KEEPER = Collections.unmodifiableList(Arrays.asList("renew-interval", "purge-interval", "purge-batch-size"));
    static final List<String> LOGGING = Collections.unmodifiableList(Arrays.asList("sink", "file", "max-file-size", "max-files", "hash-secret", "request-id-header", "header-allow-list", "mask-path", "body"));
    static final List<String> BODY = Collections.unmodifiableList(Arrays.asList("enabled", "redact-fields", "max-size"));
    static final List<String> METRICS = Collections.singletonList("prometheus");
    static final List<String> PROMETHEUS = Collections.unmodifiableList(Arrays.asList("port", "bind-address", "store-gauges-interval"));
    static final List<String> SETTINGS = SettingsBinder.FIELDS;
    static final List<String> FINGERPRINT = SettingsBinder.FINGERPRINT;
    static final List<String> STATUSES = SettingsBinder.STATUSES;
    static final List<String> DEADLINE = SettingsBinder.DEADLINE;
    static final List<String> INSTRUMENTATION = Collections.unmodifiableList(Arrays.asList("disabled", "unkeyed-threads"));
    static final List<String> ENDPOINT_OWN = Collections.unmodifiableList(Arrays.asList("name", "method", "path", "resource-method"));
    static final List<String> ENDPOINT = concat(ENDPOINT_OWN, SETTINGS);

    private ConfigFields() {
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return Collections.unmodifiableList(new ArrayList<>(all));
    }
}
