package dev.idempotency.agent.javaagent.instrumentation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A container's loader in miniature: one real host API jar over the JDK, and the agent's bridge,
 * which the test's own loader holds as the boot loader would. The test class path's servlet API
 * never answers for it.
 */
final class HostApiLoader extends URLClassLoader {

    private static final String BRIDGE_PACKAGE = "dev.idempotency.agent.bootstrap.";

    private HostApiLoader(URL apiJar) {
        super(new URL[] {apiJar}, ClassLoader.getPlatformClassLoader());
    }

    /** A loader over {@code jarName}, one of the jars the build copied to {@code target/host-apis}. */
    static HostApiLoader of(String jarName) {
        Path jar = Path.of(System.getProperty("host-apis", "target/host-apis")).resolve(jarName);
        if (!Files.isRegularFile(jar)) {
            throw new UncheckedIOException(new IOException(jar + " is missing: run the test through Maven"));
        }
        try {
            return new HostApiLoader(jar.toUri().toURL());
        } catch (MalformedURLException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(BRIDGE_PACKAGE)) {
            return HostApiLoader.class.getClassLoader().loadClass(name);
        }
        return super.loadClass(name, resolve);
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
