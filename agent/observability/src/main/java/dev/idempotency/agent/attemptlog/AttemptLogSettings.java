package dev.idempotency.agent.attemptlog;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;

/** What the attempt log writes besides the fixed fields, and how it identifies the service. */
public final class AttemptLogSettings {

    /** Events waiting for the writer beyond this are dropped (and counted), never waited for. */
    public static final int DEFAULT_QUEUE_CAPACITY = 8192;

    final String serviceName;
    final String agentVersion;
    final String hashSecret;
    /** The agent's config file, named in the commands the log suggests; {@code null} when unknown. */
    final String configFile;
    final boolean maskPath;
    final List<String> headerAllowList;
    final boolean bodyEnabled;
    final List<String> redactFields;
    final int bodyMaxBytes;
    final int queueCapacity;

    private AttemptLogSettings(Builder b) {
        this.serviceName = b.serviceName;
        this.configFile = b.configFile;
        this.agentVersion = b.agentVersion;
        this.hashSecret = b.hashSecret;
        this.maskPath = b.maskPath;
        this.headerAllowList = Collections.unmodifiableList(new ArrayList<>(b.headerAllowList));
        this.bodyEnabled = b.bodyEnabled;
        this.redactFields = Collections.unmodifiableList(new ArrayList<>(b.redactFields));
        this.bodyMaxBytes = b.bodyMaxBytes;
        this.queueCapacity = b.queueCapacity;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the settings; the defaults are the config's. */
    public static final class Builder {
        private String serviceName;
        private String configFile;
        private String agentVersion = "unknown";
        private String hashSecret;
        private boolean maskPath = true;
        private List<String> headerAllowList = Collections.emptyList();
        private boolean bodyEnabled;
        private List<String> redactFields = Collections.emptyList();
        private int bodyMaxBytes = 2048;
        private int queueCapacity = DEFAULT_QUEUE_CAPACITY;

        private Builder() {
        }

        public Builder serviceName(String name) { this.serviceName = name; return this; }
        public Builder agentVersion(String version) { this.agentVersion = version; return this; }
        public Builder configFile(String file) { this.configFile = file; return this; }
        /** Keys and scopes are logged as HMAC-SHA256 under this secret; null or empty: as sent. */
        public Builder hashSecret(String secret) { this.hashSecret = secret; return this; }
        /** Log the route template as {@code url.path} instead of the request's path. */
        public Builder maskPath(boolean mask) { this.maskPath = mask; return this; }
        public Builder headerAllowList(List<String> names) { this.headerAllowList = names; return this; }
        /** Log request bodies (JSON and form only), with {@code redactFields} hidden and cut to {@code maxBytes}. */
        public Builder body(boolean enabled, List<String> redactFields, int maxBytes) {
            this.bodyEnabled = enabled;
            this.redactFields = redactFields;
            this.bodyMaxBytes = maxBytes;
            return this;
        }
        public Builder queueCapacity(int capacity) { this.queueCapacity = capacity; return this; }

        public AttemptLogSettings build() {
            if (queueCapacity < 1 || bodyMaxBytes < 0) {
                throw new IllegalArgumentException("queue capacity must be positive and the body cap not negative");
            }
            return new AttemptLogSettings(this);
        }
    }
}
