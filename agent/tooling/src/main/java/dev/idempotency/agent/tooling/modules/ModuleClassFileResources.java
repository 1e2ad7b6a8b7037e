package dev.idempotency.agent.tooling.modules;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.tooling.ClassFileResources;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

/**
 * Opens a class file as {@code loader.getResourceAsStream} would, without the JDK's search of every
 * module for it. The JDK's application class loader asks the bootstrap and platform loaders first,
 * and each of them, for a name in no package of theirs, asks every module it defines (about 70) for
 * the file: one run-time image lookup each, for a file no module can hold, as a module holds only
 * class files of its own packages. So for that loader and a class in a package of no module of the
 * boot layer, the file can only come from the boot class path appended to (where agents put their
 * bridges) or from the class path, and is read from those two, in that order, directly. Any other
 * loader, or a class in a module's package, is read as a resource as usual.
 */
final class ModuleClassFileResources implements ClassFileResources {

    private final ClassLoader applicationLoader;
    /** Reads the boot class path appended to; {@code null} when this JVM has none to read through. */
    private final Module bootClassPath;
    private final Set<String> modulePackages;

    ModuleClassFileResources(ClassLoader applicationLoader, Module bootClassPath, ModuleLayer layer) {
        this.applicationLoader = applicationLoader;
        this.bootClassPath = bootClassPath;
        this.modulePackages = packagesOf(layer);
    }

    /** The shortcut for this JVM's application class loader, through the agent's bridge on the boot class path. */
    static ClassFileResources ofThisJvm() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        boolean jdkLoader = system.getParent() == ClassLoader.getPlatformClassLoader()
                && system.getClass().getName().equals("jdk.internal.loader.ClassLoaders$AppClassLoader");
        Module bootClassPath = Bridge.class.getClassLoader() == null ? Bridge.class.getModule() : null;
        return new ModuleClassFileResources(jdkLoader ? system : null, bootClassPath, ModuleLayer.boot());
    }

    @Override
    public InputStream open(ClassLoader loader, String internalName) throws IOException {
        String resource = internalName + ".class";
        if (loader != applicationLoader || bootClassPath == null || !onClassPathOnly(internalName)) {
            return loader.getResourceAsStream(resource);
        }
        InputStream appended = bootClassPath.getResourceAsStream(resource);
        return appended != null ? appended : loader.getUnnamedModule().getResourceAsStream(resource);
    }

    private boolean onClassPathOnly(String internalName) {
        int end = internalName.lastIndexOf('/');
        return end > 0 && !modulePackages.contains(internalName.substring(0, end).replace('/', '.'));
    }

    private static Set<String> packagesOf(ModuleLayer layer) {
        Set<String> packages = new HashSet<>();
        for (Module module : layer.modules()) {
            packages.addAll(module.getPackages());
        }
        return packages;
    }
}
