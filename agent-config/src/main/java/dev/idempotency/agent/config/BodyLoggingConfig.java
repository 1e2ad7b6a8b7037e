package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;

/** Whether request bodies may appear in the attempt log, and with which fields hidden. */
public final class BodyLoggingConfig {

    private final boolean enabled;
    private final List<String> redactFields;
    private final long maxSize;

    BodyLoggingConfig(boolean enabled, List<String> redactFields, long maxSize) {
        this.enabled = enabled;
        this.redactFields = Collections.unmodifiableList(new ArrayList<>(redactFields));
        this.maxSize = maxSize;
    }

    public boolean enabled() { return enabled; }
    /** JSON fields and form fields whose values are logged as {@code "***"}. */
    public List<String> redactFields() { return redactFields; }
    /** Bytes of body logged at most. */
    public long maxSize() { return maxSize; }
}
