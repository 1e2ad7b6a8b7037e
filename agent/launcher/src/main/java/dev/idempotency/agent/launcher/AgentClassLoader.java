package dev.idempotency.agent.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.Collections;
import java.util.Enumeration;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Loads the agent from its own jar, from entries the application's loaders cannot find by name:
 * class {@code a/b/C} is stored as {@code inst/a/b/C.classdata}, resource {@code r} as
 * {@code inst/r}. So the application sees neither the agent's classes nor its service files
 * (a JDBC driver offered to {@code DriverManager}) nor its root resources, while the agent's own
 * libraries find theirs here as usual.
 *
 * <p>The parent is the platform loader: the agent sees the JDK and nothing of the application.
 * {@code com.sun.tools.attach} (module {@code jdk.attach}) is the one JDK package defined to the
 * application loader; the command line needs it to attach.
 */
final class AgentClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private static final String INSIDE = "inst/";
    private static final String CLASS_DATA = ".classdata";
    private static final String ATTACH_API = "com.sun.tools.attach.";

    private final JarFile jar;
    private final String jarUrl;
    private final ProtectionDomain domain;

    AgentClassLoader(Path agentJar) throws IOException {
        super("idempotency-agent", ClassLoader.getPlatformClassLoader());
        this.jar = new JarFile(agentJar.toFile(), false);
        URL location = agentJar.toUri().toURL();
        this.jarUrl = location.toExternalForm();
        // The agent jar is the code source: the attach command finds the jar it was started from there.
        this.domain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null, this, null);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(ATTACH_API)) {
            return ClassLoader.getSystemClassLoader().loadClass(name);
        }
        return super.loadClass(name, resolve);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        ZipEntry entry = jar.getEntry(INSIDE + name.replace('.', '/') + CLASS_DATA);
        if (entry == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = jar.getInputStream(entry)) {
            bytes = in.readAllBytes();
        } catch (IOException unreadable) {
            throw new ClassNotFoundException(name + ": cannot read it from the agent jar", unreadable);
        }
        return defineClass(name, bytes, 0, bytes.length, domain);
    }

    @Override
    protected URL findResource(String name) {
        String entryName = entryName(name);
        if (jar.getEntry(entryName) == null) {
            return null;
        }
        try {
            return new URL("jar:" + jarUrl + "!/" + entryName);
        } catch (MalformedURLException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL found = findResource(name);
        return found == null ? Collections.emptyEnumeration() : Collections.enumeration(Collections.singleton(found));
    }

    /** Class files are read as resources too: Byte Buddy reads advice and types that way. */
    private static String entryName(String resource) {
        String name = resource.startsWith("/") ? resource.substring(1) : resource;
        if (name.endsWith(".class")) {
            return INSIDE + name.substring(0, name.length() - ".class".length()) + CLASS_DATA;
        }
        return INSIDE + name;
    }
}
