package dev.idempotency.agent.references;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The jars the build copied for the check (see this module's pom): the nested adapter jars, the
 * bridge, and for each adapter jar one directory per claimed API version, named after it, and
 * one per version below its range.
 */
final class CheckedJars {

    /** One API version: its name, as its directory is called, and its jars. */
    record ApiVersion(String name, List<Path> jars) {
    }

    private CheckedJars() {
    }

    static List<Path> adapterJars() {
        return jarsIn(directory("reference-check.adapters"));
    }

    static Path bootstrapJar() {
        return Path.of(required("reference-check.bootstrap"));
    }

    /** The API versions an adapter jar claims, e.g. {@code servlet-javax.jar}'s {@code javax.servlet-api-3.1.0}. */
    static List<ApiVersion> apiVersionsOf(String adapterJarName) {
        return versionsIn("reference-check.apis", adapterJarName);
    }

    /** The versions just below an adapter jar's range, which it must not link against, e.g. {@code servlet-api-2.5}. */
    static List<ApiVersion> belowRangeOf(String adapterJarName) {
        return versionsIn("reference-check.below", adapterJarName);
    }

    private static List<ApiVersion> versionsIn(String property, String adapterJarName) {
        Path versions = directory(property).resolve(adapterJarName.replaceFirst("\\.jar$", ""));
        if (!Files.isDirectory(versions)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(versions)) {
            return entries.filter(Files::isDirectory).sorted()
                    .map(version -> new ApiVersion(version.getFileName().toString(), jarsIn(version)))
                    .collect(Collectors.toList());
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static List<Path> jarsIn(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(file -> file.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static Path directory(String property) {
        return Path.of(required(property));
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set: run the check through Maven");
        }
        return value;
    }
}
