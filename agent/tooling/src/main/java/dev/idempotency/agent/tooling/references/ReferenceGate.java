package dev.idempotency.agent.tooling.references;

import dev.idempotency.agent.tooling.InstrumentationEvents;
import dev.idempotency.agent.tooling.NestedJar;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.stream.Collectors;
import net.bytebuddy.pool.TypePool;

/**
 * Decides, once per loader, whether an instrumentation group may advise classes there: only where
 * the loader provides everything its adapter uses ({@link AdapterReferences}). Elsewhere the
 * advice would be laid, and fail at every request with a {@code NoSuchMethodError} or
 * {@code NoClassDefFoundError}; left out, the group's classes stay exactly as they are, and one
 * warning says what the loader lacks. The adapter's references are read at the first loader
 * asked about, not at the JVM's start.
 */
public final class ReferenceGate {

    /** The missing references a warning names; the rest are counted. */
    static final int NAMED_IN_WARNING = 3;

    private final String group;
    private final String supports;
    private final NestedJar adapter;
    private final Map<ClassLoader, Boolean> verdicts = Collections.synchronizedMap(new WeakHashMap<>());
    private AdapterReferences references;

    /** @param supports the host API versions the group claims, e.g. {@code Servlet 3.0 to 4.0} */
    public ReferenceGate(String group, String supports, NestedJar adapter) {
        this.group = group;
        this.supports = supports;
        this.adapter = adapter;
    }

    /**
     * Whether the adapter links in {@code loader}, whose classes {@code pool} reads. The first time
     * it does not, {@code events} hear of it; later classes of the loader are passed over silently.
     */
    public boolean admits(ClassLoader loader, TypePool pool, InstrumentationEvents events) {
        Boolean known = verdicts.get(loader);
        if (known != null) {
            return known;
        }
        synchronized (this) {
            known = verdicts.get(loader);
            if (known != null) {
                return known;
            }
            List<AdapterReference> missing = references().missingIn(pool);
            verdicts.put(loader, missing.isEmpty());
            if (!missing.isEmpty()) {
                events.failed(warning(loader, missing));
            }
            return missing.isEmpty();
        }
    }

    private AdapterReferences references() {
        if (references == null) {
            references = AdapterReferences.of(adapter.classes());
        }
        return references;
    }

    private String warning(ClassLoader loader, List<AdapterReference> missing) {
        String named = missing.stream().limit(NAMED_IN_WARNING).map(AdapterReference::describe)
                .collect(Collectors.joining(", "));
        int more = missing.size() - NAMED_IN_WARNING;
        return group + " is not applied in " + loader + ": it supports " + supports + ", and this loader lacks "
                + named + (more > 0 ? " and " + more + " more" : "")
                + "; the requests it would protect there run UNPROTECTED";
    }
}
