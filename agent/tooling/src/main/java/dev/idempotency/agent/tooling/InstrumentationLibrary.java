package dev.idempotency.agent.tooling;

import dev.idempotency.agent.vocabulary.GroupLibrary;
import java.util.List;

/**
 * The instrumentation groups of one host library (its javax and jakarta lines, its major
 * versions): each {@link #described() described} once, for the config, and {@link #groups() told
 * whole}, for the engine. Registered as a {@link GroupLibrary} in
 * {@code META-INF/services/dev.idempotency.agent.vocabulary.GroupLibrary}: a new runtime is its
 * groups, one class of this kind and one line there, and nothing else in the engine or the config
 * names it.
 */
public interface InstrumentationLibrary extends GroupLibrary {

    /** The groups, one per description, each named by its description. */
    List<InstrumentationGroup> groups();
}
