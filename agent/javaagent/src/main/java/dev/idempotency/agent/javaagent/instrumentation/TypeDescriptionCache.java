package dev.idempotency.agent.javaagent.instrumentation;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.pool.TypePool;

/**
 * Caches the type descriptions Byte Buddy reads while matching, one cache per class loader.
 * Deciding whether a class is a servlet or filter walks its whole hierarchy; without a cache every
 * class of a large application re-reads the same supertypes, which dominates the agent's
 * start-up. Loaders are held weakly, so an undeployed web application takes its cache with it.
 */
final class TypeDescriptionCache extends AgentBuilder.PoolStrategy.WithTypePoolCache {

    private final Map<ClassLoader, TypePool.CacheProvider> caches = Collections.synchronizedMap(new WeakHashMap<>());
    private final TypePool.CacheProvider bootstrap = new TypePool.CacheProvider.Simple();

    TypeDescriptionCache() {
        super(TypePool.Default.ReaderMode.FAST);
    }

    @Override
    protected TypePool.CacheProvider locate(ClassLoader loader) {
        if (loader == null) {
            return bootstrap;
        }
        return caches.computeIfAbsent(loader, ignored -> new TypePool.CacheProvider.Simple());
    }
}
