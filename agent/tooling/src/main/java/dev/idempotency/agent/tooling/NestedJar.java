package dev.idempotency.agent.tooling;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * A jar carried inside the agent jar. Its classes are invisible to every class loader until the
 * agent defines them where they belong (the bootstrap loader, or a container's loader).
 */
public final class NestedJar {

    private static final String LOCATION = "/META-INF/idempotency/";

    private final String name;
    private final Map<String, byte[]> classes;

    private NestedJar(String name, Map<String, byte[]> classes) {
        this.name = name;
        this.classes = classes;
    }

    public static NestedJar open(String name) throws IOException {
        InputStream in = NestedJar.class.getResourceAsStream(LOCATION + name);
        if (in == null) {
            throw new IOException("the agent jar has no " + LOCATION + name + "; it was not built by the project's build");
        }
        Map<String, byte[]> classes = new LinkedHashMap<>();
        try (JarInputStream jar = new JarInputStream(in)) {
            for (JarEntry entry = jar.getNextJarEntry(); entry != null; entry = jar.getNextJarEntry()) {
                String entryName = entry.getName();
                if (entryName.endsWith(".class") && !entryName.endsWith("package-info.class")) {
                    String className = entryName.substring(0, entryName.length() - ".class".length()).replace('/', '.');
                    classes.put(className, readAll(jar));
                }
            }
        }
        return new NestedJar(name, Collections.unmodifiableMap(classes));
    }

    public String name() {
        return name;
    }

    /**
     * Where Byte Buddy reads the advice: the adapter's classes, then the agent's own loader for the
     * relocated {@code @Advice} annotations, which a container's or a module's loader cannot see.
     */
    ClassFileLocator adviceLocator() {
        return new ClassFileLocator.Compound(new ClassFileLocator.Simple(classes),
                ClassFileLocator.ForClassLoader.of(NestedJar.class.getClassLoader()));
    }

    /** Class name to class file bytes. */
    public Map<String, byte[]> classes() {
        return classes;
    }

    static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
