package dev.idempotency.agent.references;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The running JDK's classes, read from its modules rather than through a class loader: the test's
 * own class path holds a servlet API, which must never answer for the version under check.
 */
final class JdkClasses implements ClassSource {

    static final JdkClasses RUNNING = new JdkClasses();

    private final Map<String, Module> moduleByPackage = new HashMap<>();

    private JdkClasses() {
        for (Module module : ModuleLayer.boot().modules()) {
            for (String pkg : module.getPackages()) {
                moduleByPackage.put(pkg.replace('.', '/'), module);
            }
        }
    }

    /** True for a class in a JDK package: a use the compiler's {@code --release} already checked. */
    boolean owns(String internalName) {
        return moduleByPackage.containsKey(packageOf(internalName));
    }

    @Override
    public Origin origin() {
        return Origin.JDK;
    }

    @Override
    public Optional<byte[]> classFile(String internalName) {
        Module module = moduleByPackage.get(packageOf(internalName));
        if (module == null) {
            return Optional.empty();
        }
        // class files are never encapsulated, whatever the module exports
        try (InputStream in = module.getResourceAsStream(internalName + ".class")) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    @Override
    public Set<String> classNames() {
        throw new UnsupportedOperationException("the JDK is never the adapter under check");
    }

    private static String packageOf(String internalName) {
        int slash = internalName.lastIndexOf('/');
        return slash < 0 ? "" : internalName.substring(0, slash);
    }
}
