package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.pool.TypePool;

/**
 * Caches the type descriptions Byte Buddy reads while matching, one bounded cache per class loader.
 * Deciding whether a class is a servlet or filter walks its whole hierarchy; without a cache every
 * class of a large application re-reads the same supertypes, which dominates the agent's start-up.
 *
 * <p>Nothing here keeps a loader alive, so an undeployed web application takes its cache with it:
 * loaders are weak keys, and a cached description reaches its loader only through the class file
 * locator of the pool that read it, which {@link #LOCATION_STRATEGY} makes weak. With a strong
 * locator each value would hold its own key and no loader would ever be collected. Each loader
 * keeps its {@value #MAX_TYPES_PER_LOADER} most recently used descriptions: the supertypes every
 * class shares stay, a large application's own classes (each described once) do not pile up.
 */
final class TypeDescriptionCache extends AgentBuilder.PoolStrategy.WithTypePoolCache {

    static final int MAX_TYPES_PER_LOADER = 1024;

    /**
     * The location strategy to install with this cache: class files are read through a weak
     * reference to their loader, so the descriptions cached for a loader do not keep it.
     */
    static final AgentBuilder.LocationStrategy LOCATION_STRATEGY = AgentBuilder.LocationStrategy.ForClassLoader.WEAK;

    private final int maxTypesPerLoader;
    private final Map<ClassLoader, Bounded> caches = Collections.synchronizedMap(new WeakHashMap<>());
    private final Bounded bootstrap;

    TypeDescriptionCache() {
        this(MAX_TYPES_PER_LOADER);
    }

    TypeDescriptionCache(int maxTypesPerLoader) {
        super(TypePool.Default.ReaderMode.FAST);
        if (maxTypesPerLoader < 1) {
            throw new IllegalArgumentException("a cache holds at least one type, not " + maxTypesPerLoader);
        }
        this.maxTypesPerLoader = maxTypesPerLoader;
        this.bootstrap = new Bounded(maxTypesPerLoader);
    }

    @Override
    protected TypePool.CacheProvider locate(ClassLoader loader) {
        if (loader == null) {
            return bootstrap;
        }
        return caches.computeIfAbsent(loader, ignored -> new Bounded(maxTypesPerLoader));
    }

    /** Loaders with a cache, the collected ones no longer counted. */
    int loaders() {
        return caches.size();
    }

    /** Descriptions cached for {@code loader} ({@code null}: the bootstrap loader). */
    int size(ClassLoader loader) {
        Bounded cache = loader == null ? bootstrap : caches.get(loader);
        return cache == null ? 0 : cache.size();
    }

    /** The most recently used resolutions of one loader, by type name; the least recently used goes first. */
    private static final class Bounded implements TypePool.CacheProvider {

        private final Map<String, TypePool.Resolution> resolutions;

        Bounded(int capacity) {
            this.resolutions = new LinkedHashMap<String, TypePool.Resolution>(64, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, TypePool.Resolution> eldest) {
                    return size() > capacity;
                }
            };
        }

        @Override
        public synchronized TypePool.Resolution find(String name) {
            return resolutions.get(name);
        }

        /** As Byte Buddy's own cache: a resolution registered first wins over a concurrent one. */
        @Override
        public synchronized TypePool.Resolution register(String name, TypePool.Resolution resolution) {
            TypePool.Resolution cached = resolutions.putIfAbsent(name, resolution);
            return cached == null ? resolution : cached;
        }

        @Override
        public synchronized void clear() {
            resolutions.clear();
        }

        synchronized int size() {
            return resolutions.size();
        }
    }
}
