package dev.idempotency.agent.tooling.modules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.tooling.ClassFileResources;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shortcut must find what {@code getResourceAsStream} finds, from the same place. */
class ModuleClassFileResourcesTest {

    private final ClassLoader application = ClassLoader.getSystemClassLoader();

    @TempDir
    Path appended;

    @Test
    void findsWhatTheLoaderFinds() throws IOException {
        ClassFileResources classFiles = withAppended();
        for (String name : new String[] {internalName(ModuleClassFileResourcesTest.class), internalName(Test.class),
                "javax/xml/parsers/SAXParser", "java/lang/String", "no/such/Type", "TopLevel"}) {
            assertThat(bytes(classFiles.open(application, name)))
                    .as(name)
                    .isEqualTo(bytes(application.getResourceAsStream(name + ".class")));
        }
    }

    /** The boot class path appended to comes before the class path, as in the JDK's own lookup. */
    @Test
    void readsTheAppendedBootClassPathFirst() throws IOException {
        String name = internalName(ModuleClassFileResourcesTest.class);
        Path file = appended.resolve(name + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {1, 2, 3});

        assertThat(bytes(withAppended().open(application, name))).containsExactly(1, 2, 3);
    }

    @Test
    void anyOtherLoaderIsAskedAsUsual() throws IOException {
        Path file = appended.resolve("only/Here.class");
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {4, 5});
        try (URLClassLoader other = new URLClassLoader(new URL[] {appended.toUri().toURL()}, application)) {
            assertThat(bytes(withAppended().open(other, "only/Here"))).containsExactly(4, 5);
        }
    }

    /** A stand-in for the boot class path: a directory read through the unnamed module of a loader of its own. */
    private ClassFileResources withAppended() throws IOException {
        URLClassLoader boot = new URLClassLoader(new URL[] {appended.toUri().toURL()}, null);
        return new ModuleClassFileResources(application, boot.getUnnamedModule(), ModuleLayer.boot());
    }

    private static byte[] bytes(InputStream in) throws IOException {
        if (in == null) {
            return null;
        }
        try (in) {
            return in.readAllBytes();
        }
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }
}
