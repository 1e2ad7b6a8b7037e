package dev.idempotency.agent.tooling;

import java.util.List;

/**
 * The instrumentation groups of one host library (its javax and jakarta lines, its major
 * versions), registered in {@code META-INF/services/dev.idempotency.agent.tooling.InstrumentationLibrary}
 * and found by {@link java.util.ServiceLoader}: a new runtime is its groups, one class of this kind
 * and one line there, and nothing else in the engine names it.
 */
public interface InstrumentationLibrary {

    /** The groups, each named by one of {@code InstrumentationGroups.ALL}. */
    List<InstrumentationGroup> groups();
}
