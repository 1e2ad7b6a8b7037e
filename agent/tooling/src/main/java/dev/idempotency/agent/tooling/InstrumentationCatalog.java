package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Every instrumentation group the agent has, and the ones an operator left on: the entry points,
 * and the HTTP clients of the application's own loaders (the JDK's are {@link JdkClients}).
 */
final class InstrumentationCatalog {

    private InstrumentationCatalog() {
    }

    /** One per group, in the order of {@code InstrumentationGroups.ALL}. */
    static List<InstrumentationGroup> all() {
        return Collections.unmodifiableList(Arrays.asList(ServletInstrumentation.javax(), ServletInstrumentation.jakarta(), JerseyInstrumentation.javax(), JerseyInstrumentation.jakarta(), ResteasyInstrumentation.jakarta(), ResteasyInstrumentation.javax4(), ResteasyInstrumentation.javax3(), CxfInstrumentation.javax(), CxfRsInstrumentation.javax()));
    }

    /** The HTTP client libraries an application brings, whose unsafe calls carry derived keys. */
    static List<InstrumentationGroup> clients() {
        return Collections.unmodifiableList(Arrays.asList(ClientInstrumentation.apacheHttpClient4(), ApacheHttpClient5Instrumentation.v5(),
                ClientInstrumentation.okHttp3(), ClientInstrumentation.springWebClient(), ClientInstrumentation.springRestClients()));
    }

    /** {@link #all()}, and the {@link #clients()} when {@code withClients}. */
    static List<InstrumentationGroup> all(boolean withClients) {
        if (!withClients) {
            return all();
        }
        List<InstrumentationGroup> both = new ArrayList<>(all());
        both.addAll(clients());
        return Collections.unmodifiableList(new ArrayList<>(both));
    }

    /** Those of {@code all} whose group is not in {@code disabledGroups}. */
    static List<InstrumentationGroup> enabled(List<InstrumentationGroup> all,
            Collection<String> disabledGroups) {
        List<InstrumentationGroup> enabled = new ArrayList<>();
        for (InstrumentationGroup instrumentation : all) {
            if (!disabledGroups.contains(instrumentation.group())) {
                enabled.add(instrumentation);
            }
        }
        return enabled;
    }
}
