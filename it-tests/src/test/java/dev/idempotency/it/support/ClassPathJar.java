package dev.idempotency.it.support;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A jar with no classes of its own whose manifest runs a program of the tests' own on this JVM's
 * class path: what {@link DemoApp} launches ({@code java -jar <jar> 0}) for a service a test builds
 * itself.
 */
public final class ClassPathJar {

    private ClassPathJar() {
    }

    /** Writes {@code <dir>/<mainClass simple name>.jar}, running {@code mainClass}. */
    public static Path running(Class<?> mainClass, Path dir) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, mainClass.getName());
        main.put(Attributes.Name.CLASS_PATH, Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toUri().toString())
                .collect(Collectors.joining(" ")));
        Path jar = Files.createDirectories(dir).resolve(mainClass.getSimpleName() + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }
}
