package dev.idempotency.agent.javaagent.instrumentation;

import java.io.IOException;
import java.io.InputStream;
import java.lang.ref.WeakReference;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.utility.JavaModule;
import net.bytebuddy.utility.StreamDrainer;

/**
 * Where the type pools read a loader's class files: through {@link ClassFileResources}, so a class
 * of the JDK's application class loader outside the JDK's modules is read from the class path
 * without asking every module of the JDK for it first, and through a weak reference to the loader,
 * so that what the pools cache for a loader does not keep it (see {@link TypeDescriptionCache}).
 * The bootstrap loader's files are read as Byte Buddy reads them.
 */
final class WeakClassFileLocation implements AgentBuilder.LocationStrategy {

    private final ClassFileResources classFiles;

    WeakClassFileLocation(ClassFileResources classFiles) {
        this.classFiles = classFiles;
    }

    @Override
    public ClassFileLocator classFileLocator(ClassLoader loader, JavaModule module) {
        return loader == null ? ClassFileLocator.ForClassLoader.ofBootLoader() : new Locator(new WeakReference<>(loader), classFiles);
    }

    /** One loader's class files, as long as the loader lives; afterwards none. */
    private static final class Locator implements ClassFileLocator {

        private final WeakReference<ClassLoader> loader;
        private final ClassFileResources classFiles;

        Locator(WeakReference<ClassLoader> loader, ClassFileResources classFiles) {
            this.loader = loader;
            this.classFiles = classFiles;
        }

        @Override
        public Resolution locate(String name) throws IOException {
            ClassLoader reachable = loader.get();
            if (reachable == null) {
                return new Resolution.Illegal(name);
            }
            try (InputStream classFile = classFiles.open(reachable, name.replace('.', '/'))) {
                return classFile == null ? new Resolution.Illegal(name) : new Resolution.Explicit(StreamDrainer.DEFAULT.drain(classFile));
            }
        }

        @Override
        public void close() {
            // nothing held open
        }
    }
}
