package dev.idempotency.agent.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A store thread made on an application's thread keeps nothing of that application. */
class StoreThreadsTest {

    /**
     * Loaded on its own by a throw-away loader: an application's servlet, calling into the store,
     * which makes a thread.
     */
    public static class ApplicationCode implements Function<Supplier<Thread>, Thread> {
        private static final InheritableThreadLocal<Object> REQUEST = new InheritableThreadLocal<>();

        @Override
        public Thread apply(Supplier<Thread> store) {
            REQUEST.set(new Object[] {getClass()});
            try {
                return store.get();
            } finally {
                REQUEST.remove();
            }
        }
    }

    /** Threads the tests keep alive while they look for what those threads hold. */
    private final List<Thread> kept = new ArrayList<>();

    @Test
    void threadsAreDaemonsWithoutContextLoaderNamedAsAsked() {
        Thread one = StoreThreads.named("store-writer").newThread(() -> { });
        assertThat(one.getName()).isEqualTo("store-writer");
        assertThat(one.isDaemon()).isTrue();
        assertThat(one.getContextClassLoader()).isNull();
        StoreThreads pool = StoreThreads.numbered("store-pool");
        assertThat(pool.newThread(() -> { }).getName()).isEqualTo("store-pool-1");
        assertThat(pool.newThread(() -> { }).getName()).isEqualTo("store-pool-2");
    }

    @Test
    void aThreadMadeOnAnApplicationsThreadDoesNotKeepItsLoader() throws Exception {
        WeakReference<ClassLoader> application = makeThreadFromApplication(StoreThreads.named("store-writer"));
        assertThat(kept).hasSize(1);
        assertThat(collected(application))
                .as("the application's loader, referred to by nothing but what the store thread inherited").isTrue();
    }

    /**
     * The application's code, on a thread whose context loader is the application's, makes a thread;
     * in its own frame so that no local variable keeps the loader once it returns.
     */
    private WeakReference<ClassLoader> makeThreadFromApplication(ThreadFactory threads) throws Exception {
        ApplicationLoader loader = new ApplicationLoader();
        @SuppressWarnings("unchecked")
        Function<Supplier<Thread>, Thread> code = (Function<Supplier<Thread>, Thread>) loader
                .loadClass(ApplicationCode.class.getName()).getDeclaredConstructor().newInstance();
        assertThat(code.getClass().getClassLoader()).isSameAs(loader);
        Thread current = Thread.currentThread();
        ClassLoader previous = current.getContextClassLoader();
        current.setContextClassLoader(loader);
        try {
            kept.add(code.apply(() -> threads.newThread(() -> { })));
        } finally {
            current.setContextClassLoader(previous);
        }
        loader.close();
        return new WeakReference<>(loader);
    }

    private static boolean collected(WeakReference<?> reference) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (reference.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        return reference.get() == null;
    }

    /** Defines {@link ApplicationCode} itself (with a protection domain of its own); everything else comes from the test's loader. */
    private static final class ApplicationLoader extends URLClassLoader {

        ApplicationLoader() {
            super(new URL[] {ApplicationCode.class.getProtectionDomain().getCodeSource().getLocation()},
                    StoreThreadsTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(ApplicationCode.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }
    }
}
