package dev.idempotency.it.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Artifacts;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import org.junit.jupiter.api.Test;

/**
 * Every class a JVM may load from the agent jar, and from each jar nested in it (the bridge, the
 * adapters), runs on Java 8: class file 52 or lower. The launcher is 51, so that a Java 7 JVM still
 * runs it and hears why the agent does nothing. The only exceptions are the classes loaded only
 * where the JDK has what they name: the module system's calls (53, Java 9) and the JDK
 * {@code HttpClient}'s advice and the {@code verify} command (55, Java 11).
 */
class AgentJarClassVersionTest {

    private static final int JAVA_7 = 51;
    private static final int JAVA_8 = 52;
    /** Class-name prefixes (as stored in the jar) allowed a newer class file, with the newest each may have. */
    private static final Map<String, Integer> LOADED_ONLY_ON_NEWER = Map.of(
            "inst/dev/idempotency/agent/tooling/modules/", 53,
            "inst/dev/idempotency/agent/cli/verify/", 55,
            "inst/dev/idempotency/agent/tooling/jdk/HttpClientAdvice", 55);

    @Test
    void everyClassRunsOnJava8AndTheLauncherOnJava7() throws IOException {
        Map<String, Integer> tooNew = new TreeMap<>();
        List<String> launcher = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(Artifacts.agentJar().toFile())) {
            for (JarEntry entry : java.util.Collections.list(jar.entries())) {
                String name = entry.getName();
                try (InputStream in = jar.getInputStream(entry)) {
                    if (name.endsWith(".jar")) {
                        classes += checkNested(name, in, tooNew);
                    } else if (name.endsWith(".class") || name.endsWith(".classdata")) {
                        classes++;
                        int major = major(in);
                        if (name.startsWith("dev/idempotency/agent/launcher/")) {
                            launcher.add(name);
                            if (major > JAVA_7) {
                                tooNew.put(name, major);
                            }
                        } else if (major > allowed(name)) {
                            tooNew.put(name, major);
                        }
                    }
                }
            }
        }
        assertThat(classes).as("classes read").isGreaterThan(5000);
        assertThat(launcher).contains("dev/idempotency/agent/launcher/AgentLauncher.class",
                "dev/idempotency/agent/launcher/JavaVersion.class");
        assertThat(tooNew).as("class files newer than the JVMs that load them").isEmpty();
    }

    private static int checkNested(String jarName, InputStream in, Map<String, Integer> tooNew) throws IOException {
        int classes = 0;
        try (JarInputStream nested = new JarInputStream(in)) {
            for (JarEntry entry = nested.getNextJarEntry(); entry != null; entry = nested.getNextJarEntry()) {
                if (entry.getName().endsWith(".class")) {
                    classes++;
                    int major = major(new ByteArrayInputStream(nested.readAllBytes()));
                    if (major > JAVA_8) {
                        tooNew.put(jarName + "!/" + entry.getName(), major);
                    }
                }
            }
        }
        assertThat(classes).as("classes in %s", jarName).isPositive();
        return classes;
    }

    private static int allowed(String name) {
        return LOADED_ONLY_ON_NEWER.entrySet().stream().filter(prefix -> name.startsWith(prefix.getKey()))
                .mapToInt(Map.Entry::getValue).findFirst().orElse(JAVA_8);
    }

    private static int major(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        assertThat(data.readInt()).as("class file magic").isEqualTo(0xCAFEBABE);
        data.readUnsignedShort();
        return data.readUnsignedShort();
    }
}
