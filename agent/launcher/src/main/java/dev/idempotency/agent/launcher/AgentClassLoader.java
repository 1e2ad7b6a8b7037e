package dev.idempotency.agent.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * <p>The parent is the platform loader (Java 8: the extension loader): the agent sees the JDK and
 * nothing of the application. {@code com.sun.tools.attach} is the one JDK package defined to the
 * application loader (module {@code jdk.attach}; on Java 8 the JDK's {@code lib/tools.jar}, see
 * {@link AttachApi}); the command line needs it to attach.
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
        // the system loader's parent: the platform loader on Java 9 on, the extension loader on Java 8
        super(ClassLoader.getSystemClassLoader().getParent());
        this.jar = new JarFile(agentJar.toFile(), false);
        URL location = agentJar.toUri().toURL();
        this.jarUrl = location.toExternalForm();
        // The agent jar is the code source: the attach command finds the jar it was started from there.
        this.domain = new ProtectionDomain(new CodeSource(location, (Certificate[]) null), null, this, null);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(ATTACH_API)) {
            return AttachApi.loader().loadClass(name);
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
            bytes = readAll(in, (int) entry.getSize());
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
            throw new IllegalStateException(impossible);
        }
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL found = findResource(name);
        return found == null ? Collections.<URL>emptyEnumeration() : Collections.enumeration(Collections.singleton(found));
    }

    private static byte[] readAll(InputStream in, int size) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(size > 0 ? size : 8192);
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) != -1; ) {
            bytes.write(buffer, 0, n);
        }
        return bytes.toByteArray();
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
