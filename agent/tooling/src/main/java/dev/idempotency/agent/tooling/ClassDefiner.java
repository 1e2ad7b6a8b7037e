package dev.idempotency.agent.tooling;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Defines classes in loaders the agent does not own: the bridge in the bootstrap loader, an
 * adapter in a container's loader. It calls {@code ClassLoader}'s own define methods, which the
 * JVM opens to the agent through {@code Instrumentation.redefineModule} ({@link JvmModules}; on
 * Java 8, which has no modules, through reflection); so from Java 9 on no
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
        MethodHandles.Lookup lookup = JvmModules.ofThisJvm().privateLookupInClassLoader(instrumentation);
        if (lookup == null) {
            return openOnJava8();
        }
        return new ClassDefiner(
                lookup.findVirtual(ClassLoader.class, "getClassLoadingLock", MethodType.methodType(Object.class, String.class)),
                lookup.findVirtual(ClassLoader.class, "findLoadedClass", MethodType.methodType(Class.class, String.class)),
                lookup.findVirtual(ClassLoader.class, "defineClass", MethodType.methodType(Class.class,
                        String.class, byte[].class, int.class, int.class, ProtectionDomain.class)),
                lookup.findStatic(ClassLoader.class, "defineClass1", MethodType.methodType(Class.class,
                        ClassLoader.class, String.class, byte[].class, int.class, int.class, ProtectionDomain.class, String.class)));
    }

    /**
     * Java 8 has no modules to open: the same methods are made accessible by reflection, which it
     * never warns of. Its {@code defineClass1} cannot define in the bootstrap loader;
     * {@code sun.misc.Unsafe.defineClass} (Java 8 to 10) does, with the same arguments.
     */
    private static ClassDefiner openOnJava8() throws ReflectiveOperationException {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        Class<?> unsafeType = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = unsafeType.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        MethodHandle unsafeDefine = lookup.findVirtual(unsafeType, "defineClass", MethodType.methodType(Class.class,
                String.class, byte[].class, int.class, int.class, ClassLoader.class, ProtectionDomain.class))
                .bindTo(theUnsafe.get(null));
        // (loader, name, bytes, offset, length, domain, source): the source is the Java 9 method's alone
        MethodHandle defineInBootstrap = MethodHandles.dropArguments(
                MethodHandles.permuteArguments(unsafeDefine,
                        MethodType.methodType(Class.class, ClassLoader.class, String.class, byte[].class, int.class, int.class,
                                ProtectionDomain.class),
                        1, 2, 3, 4, 0, 5),
                6, String.class);
        return new ClassDefiner(
                lookup.unreflect(accessible(ClassLoader.class.getDeclaredMethod("getClassLoadingLock", String.class))),
                lookup.unreflect(accessible(ClassLoader.class.getDeclaredMethod("findLoadedClass", String.class))),
                lookup.unreflect(accessible(ClassLoader.class.getDeclaredMethod("defineClass",
                        String.class, byte[].class, int.class, int.class, ProtectionDomain.class))),
                defineInBootstrap);
    }

    private static Method accessible(Method method) {
        method.setAccessible(true);
        return method;
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
