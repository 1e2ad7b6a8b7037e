package dev.idempotency.agent.metrics;

import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Supplier;
import javax.management.MBeanServer;

/**
 * The JVM's platform MBean server, created the way the host would create it. A server that names
 * its own builder ({@code javax.management.builder.initial}: Open Liberty's kernel, WebSphere)
 * may keep that class in a loader of its own, and the JDK loads it through the calling thread's
 * context loader, else the boot loader: from the agent's thread, or from the attach listener when
 * an operator's command first asks, it is not found and the platform server is never made. Made once with the context
 * loader of one of the host's loaders that sees the builder, it is the host's, and every later
 * caller (the JVM's own management agent included) gets it.
 */
final class PlatformMBeanServer {

    private static final String BUILDER = "javax.management.builder.initial";

    private PlatformMBeanServer() {
    }

    /** {@code hostLoaders}: the loaders to look in for the host's builder, asked only when the system loader lacks it. */
    static MBeanServer get(Supplier<? extends Iterable<ClassLoader>> hostLoaders) {
        String builder = System.getProperty(BUILDER);
        if (builder == null || builder.isEmpty()) {
            return ManagementFactory.getPlatformMBeanServer();
        }
        // The JDK asks the context loader, else the boot loader: never the system loader on its own.
        ClassLoader system = ClassLoader.getSystemClassLoader();
        ClassLoader seeing = loads(system, builder) ? system : firstLoading(hostLoaders.get(), builder);
        Thread current = Thread.currentThread();
        ClassLoader own = current.getContextClassLoader();
        current.setContextClassLoader(seeing != null ? seeing : own);
        try {
            return ManagementFactory.getPlatformMBeanServer();
        } finally {
            current.setContextClassLoader(own);
        }
    }

    /** The first of {@code loaders} that loads {@code className}; {@code null} when none does. */
    private static ClassLoader firstLoading(Iterable<ClassLoader> loaders, String className) {
        for (ClassLoader loader : loaders) {
            if (loader != null && loads(loader, className)) {
                return loader;
            }
        }
        return null;
    }

    /** The context loaders of the live threads: where a host's builder is found without the agent's instrumentation. */
    static Iterable<ClassLoader> threadContextLoaders() {
        Set<ClassLoader> loaders = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            loaders.add(thread.getContextClassLoader());
        }
        return loaders;
    }

    private static boolean loads(ClassLoader loader, String className) {
        try {
            Class.forName(className, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError | RuntimeException notThere) {
            return false;
        }
    }
}
