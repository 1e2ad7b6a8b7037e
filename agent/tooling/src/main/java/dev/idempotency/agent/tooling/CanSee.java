package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Matches class loaders that can see every one of the given classes, by resource lookup (never by
 * loading them, which could recurse into the transformer). Cached per loader: most loaders are
 * asked once.
 */
public final class CanSee extends ElementMatcher.Junction.AbstractBase<ClassLoader> {

    private final String[] resources;
    private final Map<ClassLoader, Boolean> cache = Collections.synchronizedMap(new WeakHashMap<>());

    public CanSee(String... classNames) {
        this.resources = new String[classNames.length];
        for (int i = 0; i < classNames.length; i++) {
            resources[i] = classNames[i].replace('.', '/') + ".class";
        }
    }

    @Override
    public boolean matches(ClassLoader loader) {
        if (loader == null) {
            return false; // no host API (servlet, JAX-RS, a runtime's own classes) lives on the bootstrap path
        }
        Boolean seen = cache.get(loader);
        if (seen == null) {
            seen = seesAll(loader);
            cache.put(loader, seen);
        }
        return seen;
    }

    private boolean seesAll(ClassLoader loader) {
        for (String resource : resources) {
            if (loader.getResource(resource) == null) {
                return false;
            }
        }
        return true;
    }
}
