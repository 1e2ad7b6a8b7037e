package dev.idempotency.agent.tooling;

import java.io.IOException;
import java.io.InputStream;

/**
 * Opens a class file by name for the pre-filter, as {@code loader.getResourceAsStream} would. From
 * Java 9 on, the JDK's application class loader is read through a shortcut that skips its search of
 * every module ({@link JvmModules#classFileResources()}); on Java 8 it is the resource itself.
 */
public interface ClassFileResources {

    /** Each class file read as its loader's resource. */
    ClassFileResources AS_RESOURCES = (loader, internalName) -> loader.getResourceAsStream(internalName + ".class");

    /** The class file of {@code internalName} as {@code loader} finds it; {@code null} when it finds none. */
    InputStream open(ClassLoader loader, String internalName) throws IOException;

    /** The way to read them on this JVM. */
    static ClassFileResources ofThisJvm() {
        return JvmModules.ofThisJvm().classFileResources();
    }
}
