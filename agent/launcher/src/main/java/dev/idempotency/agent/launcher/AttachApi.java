package dev.idempotency.agent.launcher;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * The loader of the JDK's attach API ({@code com.sun.tools.attach}). From Java 9 on it is module
 * {@code jdk.attach}, defined to the application loader. On Java 8 it is in the JDK's
 * {@code lib/tools.jar}, on no class path: it is read from there, beside the JRE the command runs
 * on. A JRE without it has no attach API; the command line then says so where it needs it.
 */
final class AttachApi {

    private static ClassLoader loader;

    private AttachApi() {
    }

    static synchronized ClassLoader loader() {
        if (loader == null) {
            loader = find();
        }
        return loader;
    }

    private static ClassLoader find() {
        ClassLoader system = ClassLoader.getSystemClassLoader();
        try {
            Class.forName("com.sun.tools.attach.VirtualMachine", false, system);
            return system;
        } catch (ClassNotFoundException java8) {
            File tools = new File(new File(System.getProperty("java.home")).getParentFile(), "lib/tools.jar");
            if (!tools.isFile()) {
                return system;
            }
            try {
                return new URLClassLoader(new URL[] {tools.toURI().toURL()}, system);
            } catch (MalformedURLException impossible) {
                return system;
            }
        }
    }
}
