package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.List;

/** The {@code instrumentation} section: the groups the operator switched off. */
public final class InstrumentationConfig {

    private final List<String> disabled;

    InstrumentationConfig(List<String> disabled) {
        this.disabled = Collections.unmodifiableList(new ArrayList<>(disabled));
    }

    /** Names from {@link InstrumentationGroups#ALL}, each once, in the order of the file; empty by default. */
    public List<String> disabled() { return disabled; }
}
