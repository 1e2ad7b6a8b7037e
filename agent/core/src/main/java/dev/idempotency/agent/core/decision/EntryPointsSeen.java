package dev.idempotency.agent.core.decision;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per declared endpoint, where its requests really entered: the class the host handed each one
 * to (a servlet, a filter, a JAX-RS resource) and that class's loader, as the adapter saw it. So
 * an operator reads what the host did, not what the agent guessed from its declarations.
 *
 * <p>Keeps names only, never a class or a loader: a class's description is made once and cached
 * on the class itself ({@link ClassValue}), which goes with its loader. Each endpoint keeps its
 * {@value #MAX_PER_ENDPOINT} most recent entry points, so redeploys do not pile up. A request
 * from an entry point already recorded costs a cache read and a look through at most that many
 * names.
 */
final class EntryPointsSeen {

    static final int MAX_PER_ENDPOINT = 4;

    private static final ClassValue<String> DESCRIPTIONS = new ClassValue<String>() {
        @Override
        protected String computeValue(Class<?> type) {
            ClassLoader loader = type.getClassLoader();
            return type.getName() + " in " + (loader == null ? "the bootstrap loader"
                    : loader.getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(loader)));
        }
    };

    private final Map<String, String[]> byEndpoint = new ConcurrentHashMap<>();

    void saw(String endpoint, Class<?> entryPoint) {
        if (entryPoint == null) {
            return;
        }
        String description = DESCRIPTIONS.get(entryPoint);
        String[] seen = byEndpoint.get(endpoint);
        if (seen != null) {
            for (String known : seen) {
                if (known.equals(description)) {
                    return;
                }
            }
        }
        byEndpoint.compute(endpoint, (name, current) -> withMostRecent(current, description));
    }

    /** Endpoint name to its entry points, the most recent first, by endpoint name. */
    Map<String, List<String>> snapshot() {
        Map<String, List<String>> copy = new TreeMap<>();
        byEndpoint.forEach((endpoint, seen) -> copy.put(endpoint, Collections.unmodifiableList(Arrays.asList(seen))));
        return copy;
    }

    private static String[] withMostRecent(String[] current, String description) {
        if (current == null) {
            return new String[] {description};
        }
        for (String known : current) {
            if (known.equals(description)) {
                return current;
            }
        }
        String[] next = new String[Math.min(current.length + 1, MAX_PER_ENDPOINT)];
        next[0] = description;
        System.arraycopy(current, 0, next, 1, next.length - 1);
        return next;
    }
}
