package dev.idempotency.agent.tooling.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import java.util.Arrays;
import java.util.List;

/** Jersey 2 ({@code javax.ws.rs}), Jersey 3 and 4 ({@code jakarta.ws.rs}). */
public final class JerseyGroups implements InstrumentationLibrary {

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(JerseyInstrumentation.javax(), JerseyInstrumentation.jakarta());
    }
}
