package dev.idempotency.agent.javaagent.instrumentation;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Matches class loaders that can see a given class, by resource lookup (never by loading it,
 * which could recurse into the transformer). Cached per loader: most loaders are asked once.
 */
final class CanSee extends ElementMatcher.Junction.AbstractBase<ClassLoader> {

    private final String resource;
    private final Map<ClassLoader, Boolean> cache = Collections.synchronizedMap(new WeakHashMap<>());

    CanSee(String className) {
        this.resource = className.replace('.', '/') + ".class";
    }

    @Override
    public boolean matches(ClassLoader loader) {
        if (loader == null) {
            return false; // the servlet API never lives on the bootstrap path
        }
        Boolean seen = cache.get(loader);
        if (seen == null) {
            seen = loader.getResource(resource) != null;
            cache.put(loader, seen);
        }
        return seen;
    }
}
