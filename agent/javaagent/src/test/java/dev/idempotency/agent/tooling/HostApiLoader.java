package dev.idempotency.agent.tooling;

import dev.idempotency.agent.tooling.references.BridgeTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A container's loader in miniature: one real host API jar over the JDK, and the agent's bridge,
 * which the test's own loader holds as the boot loader would. The test class path's servlet API
 * never answers for it.
 */
final class HostApiLoader extends URLClassLoader {

    /** Resources this loader found absent, when it remembers them; {@code null} when it does not. */
    private final Set<String> absent;

    private HostApiLoader(URL apiJar, boolean remembersAbsence) {
        super(new URL[] {apiJar}, ClassLoader.getPlatformClassLoader());
        this.absent = remembersAbsence ? ConcurrentHashMap.newKeySet() : null;
    }

    /** A loader over {@code jarName}, one of the jars the build copied to {@code target/host-apis}. */
    static HostApiLoader of(String jarName) {
        return over(jarName, false);
    }

    /**
     * A loader that remembers each resource it was asked for and did not have, and then refuses
     * the class of that name too, bridge or not: as Payara's {@code APIClassLoader}, the parent of
     * every web application's loader there, does with its one blacklist.
     */
    static HostApiLoader rememberingAbsence(String jarName) {
        return over(jarName, true);
    }

    private static HostApiLoader over(String jarName, boolean remembersAbsence) {
        Path jar = Path.of(System.getProperty("host-apis", "target/host-apis")).resolve(jarName);
        if (!Files.isRegularFile(jar)) {
            throw new UncheckedIOException(new IOException(jar + " is missing: run the test through Maven"));
        }
        try {
            return new HostApiLoader(jar.toUri().toURL(), remembersAbsence);
        } catch (MalformedURLException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (absent != null && absent.contains(name.replace('.', '/') + ".class")) {
            throw new ClassNotFoundException(name + ", remembered as absent");
        }
        if (name.startsWith(BridgeTypes.PACKAGE)) {
            return HostApiLoader.class.getClassLoader().loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    public URL getResource(String name) {
        if (absent == null) {
            return super.getResource(name);
        }
        if (absent.contains(name)) {
            return null;
        }
        URL found = super.getResource(name);
        if (found == null) {
            absent.add(name);
        }
        return found;
    }

    /** Defines a class as the container would, after the agent has transformed it. */
    Class<?> define(String name, byte[] classFile) {
        return defineClass(name, classFile, 0, classFile.length);
    }

    @Override
    public String toString() {
        return "HostApiLoader" + java.util.Arrays.toString(getURLs());
    }
}
