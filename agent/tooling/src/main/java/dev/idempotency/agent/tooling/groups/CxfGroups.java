package dev.idempotency.agent.tooling.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import java.util.Arrays;
import java.util.List;

/** Apache CXF 3: its HTTP destination (its own Jetty transport) and its JAX-RS dispatch. */
public final class CxfGroups implements InstrumentationLibrary {

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(CxfInstrumentation.javax(), CxfRsInstrumentation.javax());
    }
}
