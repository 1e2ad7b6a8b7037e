package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.List;

/**
 * The {@code instrumentation} section: the groups the operator switched off, and the threads whose
 * handed-off work does not carry a protected execution's keys.
 */
public final class InstrumentationConfig {

    private final List<String> disabled;
    private final List<String> unkeyedThreads;

    InstrumentationConfig(List<String> disabled, List<String> unkeyedThreads) {
        this.disabled = Collections.unmodifiableList(new ArrayList<>(disabled));
        this.unkeyedThreads = Collections.unmodifiableList(new ArrayList<>(unkeyedThreads));
    }

    /**
     * Name prefixes of threads (a pool's, as its thread factory names them) whose work is not part of
     * the request that hands it over: their calls get no derived key, and each unsafe one made for a
     * protected execution is reported; empty by default.
     */
    public List<String> unkeyedThreads() { return unkeyedThreads; }

    /** Names from {@link InstrumentationGroups#names()}, each once, in the order of the file; empty by default. */
    public List<String> disabled() { return disabled; }
}
