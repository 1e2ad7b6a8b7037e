package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Defines the adapter classes in the loader of each instrumented class before that class is
 * defined, so the inlined advice finds them next to the servlet API it was compiled against. Once
 * per loader; the loaders are held weakly so web applications can still be undeployed.
 *
 * <p>Before that, it asks the loader itself for the bridge: advice in a loader that cannot see the
 * boot loader's bridge would fail on every request, silently (advice failures are suppressed so
 * the host keeps running). Such a class is left as it is and the failure says which loader and what
 * it lacks.
 */
final class HelperInjector {

    private final NestedJar helpers;
    private final ClassDefiner definer;
    private final Map<ClassLoader, Boolean> injected = Collections.synchronizedMap(new WeakHashMap<>());

    HelperInjector(NestedJar helpers, ClassDefiner definer) {
        this.helpers = helpers;
        this.definer = definer;
    }

    /**
     * Makes sure the adapter is defined in {@code loader} before {@code typeName}, which will
     * carry its advice, is; throws, naming the loader and what it lacks, when it cannot be.
     */
    void injectFor(String typeName, ClassLoader loader) {
        if (loader != null && injected.putIfAbsent(loader, Boolean.TRUE) == null) {
            try {
                requireBridgeVisibleFrom(loader);
                definer.define(loader, helpers.classes());
            } catch (RuntimeException | Error failure) {
                injected.remove(loader);
                throw new IllegalStateException("cannot define the " + helpers.name()
                        + " adapter in " + loader + " (needed by " + typeName + "), so "
                        + typeName + " is left unprotected: " + BridgeVisibility.explain(loader, failure), failure);
            }
        }
    }

    private static void requireBridgeVisibleFrom(ClassLoader loader) {
        Class<?> seen;
        try {
            seen = Class.forName(BridgeVisibility.BRIDGE.getName(), false, loader);
        } catch (ClassNotFoundException | LinkageError invisible) {
            throw new BridgeVisibility.NotVisible(loader, invisible);
        }
        if (seen != BridgeVisibility.BRIDGE) {
            throw new BridgeVisibility.NotVisible(loader, new IllegalStateException(
                    "it loads another copy of " + seen.getName() + " from " + seen.getClassLoader()));
        }
    }
}
