package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM the forked services run on: {@code service.java.home} when the build's Java 8, 11 or 21
 * run sets it (it-tests/pom.xml, the JDKs of tools/install-jdks.sh), else the tests' own. The tests
 * themselves always run on a JVM of 17 or newer; only the service under test changes.
 */
public final class ServiceJvm {

    private static final Pattern JAVA_VERSION = Pattern.compile("^JAVA_VERSION=\"(?:1\\.)?(\\d+)", Pattern.MULTILINE);

    private ServiceJvm() {
    }

    public static Path home() {
        String configured = System.getProperty("service.java.home", "");
        return Path.of(configured.isBlank() ? System.getProperty("java.home") : configured);
    }

    /** Its {@code bin/java}. */
    public static String java() {
        return home().resolve("bin").resolve("java").toString();
    }

    /** Its feature version (8, 11, 17, 21, 25), from the JDK's {@code release} file (a Java 8 JDK may have none: its {@code jre/lib/rt.jar} tells). */
    public static int feature() {
        return feature(home());
    }

    /** The feature version of the JDK whose {@code bin/java} is {@code java}. */
    public static int feature(String java) {
        return feature(Path.of(java).getParent().getParent());
    }

    static int feature(Path javaHome) {
        if (!Files.exists(javaHome.resolve("release")) && Files.exists(javaHome.resolve("jre/lib/rt.jar"))) {
            return 8;
        }
        try {
            Matcher version = JAVA_VERSION.matcher(Files.readString(javaHome.resolve("release")));
            if (!version.find()) {
                throw new IllegalStateException(javaHome.resolve("release") + " names no JAVA_VERSION");
            }
            return Integer.parseInt(version.group(1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
