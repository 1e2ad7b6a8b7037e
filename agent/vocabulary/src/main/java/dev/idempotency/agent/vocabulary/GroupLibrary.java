package dev.idempotency.agent.vocabulary;

import java.util.List;

/**
 * The instrumentation groups of one host library (its javax and jakarta lines, its major versions,
 * or the JDK's own classes) as the config, the status and the docs know them: a name, what kind of
 * classes it instruments, the versions it claims. Registered in
 * {@code META-INF/services/dev.idempotency.agent.vocabulary.GroupLibrary} beside the groups'
 * instrumentation and found by {@link InstrumentationGroups}, so a group's name and range are
 * written once, where the group is. An implementation answers {@link #described()} from constants:
 * the config asks it without the instrumentation engine.
 */
public interface GroupLibrary {

    /** The library's groups, in the order the documentation lists them. */
    List<GroupDescription> described();
}
