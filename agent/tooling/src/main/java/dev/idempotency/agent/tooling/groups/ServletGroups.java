package dev.idempotency.agent.tooling.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import java.util.Arrays;
import java.util.List;

/** Servlets and filters, {@code javax.servlet} and {@code jakarta.servlet}. */
public final class ServletGroups implements InstrumentationLibrary {

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ServletInstrumentation.javax(), ServletInstrumentation.jakarta());
    }
}
