package dev.idempotency.agent.tooling.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import java.util.Arrays;
import java.util.List;

/** RESTEasy 6 and 7 ({@code jakarta.ws.rs}), 4 and 3 ({@code javax.ws.rs}). */
public final class ResteasyGroups implements InstrumentationLibrary {

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ResteasyInstrumentation.jakarta(), ResteasyInstrumentation.javax4(),
                ResteasyInstrumentation.javax3());
    }
}
