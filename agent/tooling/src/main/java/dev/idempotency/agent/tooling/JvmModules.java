package dev.idempotency.agent.tooling;

import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;

/**
 * What the agent asks of the module system, which Java 9 brought. The agent is compiled for
 * Java 8, so the calls that name {@code Module} live in {@code dev.idempotency.agent.tooling.modules}
 * (compiled for Java 11 and loaded only on a JVM that has modules); on Java 8 each is a no-op.
 */
public interface JvmModules {

    /** The implementation for this JVM: the module system's from Java 9 on, {@link #NONE} on Java 8. */
    static JvmModules ofThisJvm() {
        return Holder.INSTANCE;
    }

    /** Java 8: no modules, nothing to open, read or shortcut. */
    JvmModules NONE = new JvmModules() {
        @Override
        public MethodHandles.Lookup privateLookupInClassLoader(Instrumentation instrumentation) {
            return null;
        }

        @Override
        public void readBridge(Instrumentation instrumentation, String module) {
        }

        @Override
        public boolean hasModule(String name) {
            return false;
        }

        @Override
        public ClassFileResources classFileResources() {
            return ClassFileResources.AS_RESOURCES;
        }
    };

    /**
     * A lookup with private access to {@code java.lang.ClassLoader}, once {@code java.lang} is opened
     * to the agent the documented way ({@link Instrumentation}'s {@code redefineModule}, so no JVM
     * warns of it); {@code null} on Java 8, where plain reflection reaches it.
     */
    MethodHandles.Lookup privateLookupInClassLoader(Instrumentation instrumentation) throws ReflectiveOperationException;

    /** Module {@code module} of the boot layer (of the JDK) may from now on link against the bridge's classes. */
    void readBridge(Instrumentation instrumentation, String module);

    /** Whether the boot layer has module {@code name} ({@code java.net.http}). */
    boolean hasModule(String name);

    /** How class files are opened by name for the pre-filter on this JVM. */
    ClassFileResources classFileResources();

    /** Chooses the implementation once. */
    final class Holder {
        static final JvmModules INSTANCE = find();

        private Holder() {
        }

        private static JvmModules find() {
            try {
                Class.forName("java.lang.Module");
            } catch (ClassNotFoundException java8) {
                return NONE;
            }
            try {
                return (JvmModules) Class.forName("dev.idempotency.agent.tooling.modules.ModuleAccess")
                        .getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError missing) {
                throw new IllegalStateException("the agent jar lacks its module-system classes: " + missing, missing);
            }
        }
    }
}
