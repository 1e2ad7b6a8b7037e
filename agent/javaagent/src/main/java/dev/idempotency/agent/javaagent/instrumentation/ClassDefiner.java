package dev.idempotency.agent.javaagent.instrumentation;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Defines classes in loaders the agent does not own: the bridge in the bootstrap loader, an
 * adapter in a container's loader. It calls {@code ClassLoader}'s own define methods, which the
 * JVM opens to the agent through {@link Instrumentation#redefineModule}; so no
 * {@code sun.misc.Unsafe} (Java 24 and later warn of it, and it is going away), and no jar appended
 * to the bootstrap search path (which turns off class data sharing for every other loader and
 * makes the JVM print a warning at each start).
 */
public final class ClassDefiner {

    private final MethodHandle loadingLock;
    private final MethodHandle findLoaded;
    private final MethodHandle define;
    private final MethodHandle defineInBootstrap;

    private ClassDefiner(MethodHandle loadingLock, MethodHandle findLoaded, MethodHandle define, MethodHandle defineInBootstrap) {
        this.loadingLock = loadingLock;
        this.findLoaded = findLoaded;
        this.define = define;
        this.defineInBootstrap = defineInBootstrap;
    }

    static ClassDefiner open(Instrumentation instrumentation) throws ReflectiveOperationException {
        Module agent = ClassDefiner.class.getModule();
        Module javaBase = Object.class.getModule();
        if (!javaBase.isOpen("java.lang", agent)) {
            instrumentation.redefineModule(javaBase, Set.of(), Map.of(), Map.of("java.lang", Set.of(agent)), Set.of(), Map.of());
        }
        MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(ClassLoader.class, MethodHandles.lookup());
        return new ClassDefiner(
                lookup.findVirtual(ClassLoader.class, "getClassLoadingLock", MethodType.methodType(Object.class, String.class)),
                lookup.findVirtual(ClassLoader.class, "findLoadedClass", MethodType.methodType(Class.class, String.class)),
                lookup.findVirtual(ClassLoader.class, "defineClass", MethodType.methodType(Class.class,
                        String.class, byte[].class, int.class, int.class, ProtectionDomain.class)),
                lookup.findStatic(ClassLoader.class, "defineClass1", MethodType.methodType(Class.class,
                        ClassLoader.class, String.class, byte[].class, int.class, int.class, ProtectionDomain.class, String.class)));
    }

    /**
     * Defines each class not yet in {@code loader} ({@code null}: the bootstrap loader). A class
     * whose supertype comes later in the map is retried once that supertype is defined.
     */
    void define(ClassLoader loader, Map<String, byte[]> classes) {
        Map<String, byte[]> pending = new LinkedHashMap<>(classes);
        while (!pending.isEmpty()) {
            List<String> defined = new ArrayList<>();
            LinkageError lastFailure = null;
            for (Map.Entry<String, byte[]> type : pending.entrySet()) {
                try {
                    defineOne(loader, type.getKey(), type.getValue());
                    defined.add(type.getKey());
                } catch (NoClassDefFoundError supertypeNotYetDefined) {
                    lastFailure = supertypeNotYetDefined;
                }
            }
            if (defined.isEmpty()) {
                throw lastFailure;
            }
            pending.keySet().removeAll(defined);
        }
    }

    private void defineOne(ClassLoader loader, String name, byte[] bytes) {
        try {
            if (loader == null) {
                if (!inBootstrap(name)) {
                    defineInBootstrap.invoke((ClassLoader) null, name, bytes, 0, bytes.length, (ProtectionDomain) null, (String) null);
                }
                return;
            }
            // the lock loadClass itself takes, so a concurrent load of the same name never races the definition
            synchronized (loadingLock.invoke(loader, name)) {
                if (findLoaded.invoke(loader, name) == null) {
                    define.invoke(loader, name, bytes, 0, bytes.length, (ProtectionDomain) null);
                }
            }
        } catch (RuntimeException | Error failure) {
            throw failure;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static boolean inBootstrap(String name) {
        try {
            Class.forName(name, false, null);
            return true;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }
}
