package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;
import org.junit.jupiter.api.Test;

/** The type cache stays bounded per loader and never keeps a loader: an undeployed application must be collectable. */
class TypeDescriptionCacheTest {

    /** Loaded again, on its own, by a throw-away loader: what an application's servlet is to the agent. */
    public static class Sample extends AbstractList<String> {
        @Override
        public String get(int index) {
            return "";
        }

        @Override
        public int size() {
            return 0;
        }
    }

    private static final List<String> JDK_TYPES = List.of("java.lang.String", "java.lang.Integer", "java.lang.Long",
            "java.util.ArrayList", "java.util.HashMap", "java.util.LinkedList", "java.util.TreeMap", "java.io.File",
            "java.io.InputStream", "java.io.OutputStream", "java.net.URI", "java.time.Duration");

    @Test
    void eachLoaderKeepsAtMostItsBoundOfTypes() {
        TypeDescriptionCache cache = new TypeDescriptionCache(4);
        ClassLoader loader = getClass().getClassLoader();
        CountingLocator reads = new CountingLocator(locator(loader));
        TypePool pool = cache.typePool(reads, loader);
        for (String name : JDK_TYPES) {
            assertThat(resolved(pool, name).getName()).isEqualTo(name);
            assertThat(cache.size(loader)).isBetween(1, 4);
        }
        assertThat(cache.size(loader)).isEqualTo(4);
        assertThat(cache.loaders()).isEqualTo(1);
        // the first types were evicted: read again, correctly
        assertThat(resolved(pool, JDK_TYPES.get(0)).getSuperClass().asErasure().getName()).isEqualTo("java.lang.Object");
        assertThat(reads.count(JDK_TYPES.get(0))).isEqualTo(2);
    }

    @Test
    void aLoaderKeepsTheTypesItUsesMost() {
        TypeDescriptionCache cache = new TypeDescriptionCache(2);
        ClassLoader loader = getClass().getClassLoader();
        CountingLocator reads = new CountingLocator(locator(loader));
        TypePool pool = cache.typePool(reads, loader);
        for (String name : JDK_TYPES) {
            resolved(pool, "java.lang.Object");
            resolved(pool, name);
        }
        assertThat(reads.count("java.lang.Object")).as("reads of the type used between all others").isEqualTo(1);
        assertThat(reads.count(JDK_TYPES.get(0))).isEqualTo(1);
        resolved(pool, JDK_TYPES.get(0));
        assertThat(reads.count(JDK_TYPES.get(0))).as("reads of a type evicted since").isEqualTo(2);
    }

    @Test
    void theBootstrapLoaderHasABoundedCacheToo() {
        TypeDescriptionCache cache = new TypeDescriptionCache(3);
        TypePool pool = cache.typePool(locator(null), null);
        JDK_TYPES.forEach(name -> resolved(pool, name));
        assertThat(cache.size(null)).isEqualTo(3);
        assertThat(cache.loaders()).isZero();
    }

    @Test
    void anUnreachableLoaderIsCollectedWithItsTypes() throws Exception {
        TypeDescriptionCache cache = new TypeDescriptionCache();
        WeakReference<ClassLoader> loader = describeInThrowAwayLoader(cache);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (loader.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(loader.get()).as("the loader, once nothing but the cache refers to it").isNull();
        assertThat(cache.loaders()).as("loaders with a cache").isZero();
    }

    /** In its own frame, so that no local variable keeps the loader once it returns. */
    private static WeakReference<ClassLoader> describeInThrowAwayLoader(TypeDescriptionCache cache)
            throws IOException, ReflectiveOperationException, URISyntaxException {
        URL classes = Sample.class.getProtectionDomain().getCodeSource().getLocation();
        URLClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
        Class<?> sample = loader.loadClass(Sample.class.getName());
        assertThat(sample.getClassLoader()).isSameAs(loader);
        TypePool pool = cache.typePool(locator(loader), loader);
        TypeDescription described = resolved(pool, Sample.class.getName());
        assertThat(described.getSuperClass().asErasure().getName()).isEqualTo(AbstractList.class.getName());
        assertThat(described.getSuperClass().asErasure().getSuperClass().asErasure().getName())
                .isEqualTo("java.util.AbstractCollection");
        assertThat(cache.size(loader)).as("types cached for the loader").isGreaterThanOrEqualTo(2);
        assertThat(cache.loaders()).isEqualTo(1);
        loader.close();
        return new WeakReference<>(loader);
    }

    /** The locator Byte Buddy gives the pool for a loader, with the agent's location strategy. */
    private static ClassFileLocator locator(ClassLoader loader) {
        return TypeDescriptionCache.LOCATION_STRATEGY.classFileLocator(loader, null);
    }

    /** Counts the class files read, by type name. */
    private static final class CountingLocator implements ClassFileLocator {
        private final ClassFileLocator delegate;
        private final Map<String, Integer> reads = new ConcurrentHashMap<>();

        CountingLocator(ClassFileLocator delegate) {
            this.delegate = delegate;
        }

        int count(String name) {
            return reads.getOrDefault(name, 0);
        }

        @Override
        public Resolution locate(String name) throws IOException {
            reads.merge(name, 1, Integer::sum);
            return delegate.locate(name);
        }

        @Override
        public void close() throws IOException {
            delegate.close();
        }
    }

    /** A description read from its class file (a lazy one is only cached once something past its name is asked). */
    private static TypeDescription resolved(TypePool pool, String name) {
        TypeDescription type = pool.describe(name).resolve();
        type.getModifiers();
        return type;
    }
}
