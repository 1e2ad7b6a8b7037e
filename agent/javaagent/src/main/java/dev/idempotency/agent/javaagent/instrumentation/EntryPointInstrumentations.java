package dev.idempotency.agent.javaagent.instrumentation;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Every instrumentation group the agent has, and the ones an operator left on. */
final class EntryPointInstrumentations {

    private EntryPointInstrumentations() {
    }

    /** One per group, in the order of {@code InstrumentationGroups.ALL}. */
    static List<EntryPointInstrumentation> all() {
        return List.of(
                ServletInstrumentation.javax(),
                ServletInstrumentation.jakarta(),
                JerseyInstrumentation.javax(),
                JerseyInstrumentation.jakarta(),
                ResteasyInstrumentation.jakarta(),
                ResteasyInstrumentation.javax4(),
                ResteasyInstrumentation.javax3(),
                CxfInstrumentation.javax());
    }

    /** Those of {@code all} whose group is not in {@code disabledGroups}. */
    static List<EntryPointInstrumentation> enabled(List<EntryPointInstrumentation> all,
            Collection<String> disabledGroups) {
        List<EntryPointInstrumentation> enabled = new ArrayList<>();
        for (EntryPointInstrumentation instrumentation : all) {
            if (!disabledGroups.contains(instrumentation.group())) {
                enabled.add(instrumentation);
            }
        }
        return enabled;
    }
}
