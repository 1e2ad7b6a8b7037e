package dev.idempotency.agent.javaagent.instrumentation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import net.bytebuddy.dynamic.ClassFileLocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The type pools read what Byte Buddy's own locator reads, through the class path shortcut where it applies. */
class WeakClassFileLocationTest {

    private final ClassLoader application = ClassLoader.getSystemClassLoader();

    @TempDir
    Path appended;

    @Test
    void readsTheSameClassFilesAsTheLoader() throws IOException {
        WeakClassFileLocation location = new WeakClassFileLocation(withAppended());
        for (String name : new String[] {WeakClassFileLocationTest.class.getName(), Test.class.getName(),
                "javax.xml.parsers.SAXParser", "java.lang.String"}) {
            ClassFileLocator.Resolution read = location.classFileLocator(application, null).locate(name);
            assertThat(read.isResolved()).as(name).isTrue();
            assertThat(read.resolve()).as(name)
                    .isEqualTo(ClassFileLocator.ForClassLoader.of(application).locate(name).resolve());
        }
        assertThat(location.classFileLocator(application, null).locate("no.such.Type").isResolved()).isFalse();
    }

    @Test
    void theBootstrapLoaderIsReadAsByteBuddyReadsIt() throws IOException {
        ClassFileLocator boot = new WeakClassFileLocation(withAppended()).classFileLocator(null, null);
        assertThat(boot.locate("java.lang.String").resolve())
                .isEqualTo(ClassFileLocator.ForClassLoader.ofBootLoader().locate("java.lang.String").resolve());
        assertThat(boot.locate(WeakClassFileLocationTest.class.getName()).isResolved()).isFalse();
    }

    /** The shortcut in use: the boot class path appended to comes first, as in the JDK's own lookup. */
    @Test
    void readsTheAppendedBootClassPathFirst() throws IOException {
        String name = WeakClassFileLocationTest.class.getName();
        Path file = appended.resolve(name.replace('.', '/') + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[] {1, 2, 3});

        assertThat(new WeakClassFileLocation(withAppended()).classFileLocator(application, null).locate(name).resolve())
                .containsExactly(1, 2, 3);
    }

    /** A stand-in for the boot class path: a directory read through the unnamed module of a loader of its own. */
    private ClassFileResources withAppended() throws IOException {
        URLClassLoader boot = new URLClassLoader(new URL[] {appended.toUri().toURL()}, null);
        return new ClassFileResources(application, boot.getUnnamedModule(), ModuleLayer.boot());
    }
}
