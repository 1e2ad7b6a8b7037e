package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds {@code instrumentation}. A group name the agent does not know is a problem, never ignored:
 * an operator who mistypes {@code jersey-javax} would otherwise believe a group is off while it runs.
 */
final class InstrumentationBinder {

    private InstrumentationBinder() {
    }

    static InstrumentationConfig bind(FieldReader r, InstrumentationConfig base) {
        List<String> disabled = new ArrayList<>();
        boolean set = r.eachItem("disabled", (group, at) -> {
            if (!InstrumentationGroups.names().contains(group)) {
                r.problem(at, group, unknownGroup(group));
            } else if (!disabled.contains(group)) {
                disabled.add(group);
            }
        });
        List<String> unkeyedThreads = new ArrayList<>();
        boolean threadsSet = r.eachItem("unkeyed-threads", (prefix, at) -> {
            if (prefix.isEmpty()) {
                r.problem(at, prefix, "is no thread-name prefix: it would match every thread; name the pool's "
                        + "threads as its thread factory does (e.g. \"audit-\")");
            } else if (!unkeyedThreads.contains(prefix)) {
                unkeyedThreads.add(prefix);
            }
        });
        return new InstrumentationConfig(set ? disabled : base.disabled(),
                threadsSet ? unkeyedThreads : base.unkeyedThreads());
    }

    private static String unknownGroup(String group) {
        List<String> names = InstrumentationGroups.names();
        String groups = String.join(", ", names);
        String closest = ClosestName.to(group, names);
        return closest != null
                ? "is not an instrumentation group; did you mean \"" + closest + "\"? The groups are: " + groups
                : "is not an instrumentation group; use one of: " + groups;
    }
}
