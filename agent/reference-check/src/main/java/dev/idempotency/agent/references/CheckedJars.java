package dev.idempotency.agent.references;

import dev.idempotency.agent.bootstrap.Bridge;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the adapter module under check laid out for it (see "The reference check" in that module's
 * pom): its nested adapter jars, and for each adapter jar one directory per claimed API version,
 * named after it, and one per version below its range; its build output (its groups' registration);
 * and what its pom says of an adapter jar with nothing below its range. The bridge is the one on the
 * class path, as the agent jar nests the same artifact.
 */
final class CheckedJars {

    /** One API version: its name, as its directory is called, and its jars. */
    record ApiVersion(String name, List<Path> jars) {
    }

    private CheckedJars() {
    }

    /** The adapter jars the module nests in the agent jar, under the names the agent jar gives them. */
    static List<Path> adapterJars() {
        return jarsIn(directory("reference-check.adapters"));
    }

    /** The module's build output, where its groups' registration is. */
    static Path moduleClasses() {
        return directory("reference-check.classes");
    }

    static Path bootstrapJar() {
        try {
            return Path.of(Bridge.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException unreadable) {
            throw new IllegalStateException("the bridge's jar has no path", unreadable);
        }
    }

    /** The API versions an adapter jar claims, e.g. {@code servlet-javax.jar}'s {@code javax.servlet-api-3.1.0}. */
    static List<ApiVersion> apiVersionsOf(String adapterJarName) {
        return versionsIn("reference-check.apis", adapterJarName);
    }

    /** The versions just below an adapter jar's range, which it must not link against, e.g. {@code servlet-api-2.5}. */
    static List<ApiVersion> belowRangeOf(String adapterJarName) {
        return versionsIn("reference-check.below", adapterJarName);
    }

    /** Why the pom checks no version below an adapter jar's range, if it says so. */
    static Optional<String> whyNothingBelow(String adapterJarName) {
        return Optional.ofNullable(System.getProperty("reference-check.nothing-below." + baseName(adapterJarName)));
    }

    /**
     * The adapter jar whose checked versions span a group's range, when that is not the group's own
     * jar (its own is checked against another API), e.g. {@code cxfrs-javax.jar} for {@code cxf-javax}.
     */
    static Optional<String> spanningJarOf(String groupName) {
        return Optional.ofNullable(System.getProperty("reference-check.spanned-by." + groupName));
    }

    private static List<ApiVersion> versionsIn(String property, String adapterJarName) {
        Path versions = directory(property).resolve(baseName(adapterJarName));
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

    /** {@code servlet-javax.jar} as {@code servlet-javax}, as the pom's directories and properties name it. */
    static String baseName(String adapterJarName) {
        return adapterJarName.replaceFirst("\\.jar$", "");
    }

    private static List<Path> jarsIn(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.filter(file -> file.toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    private static Path directory(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property
                    + " is not set: the check runs in an adapter module's build (its reference-check execution)");
        }
        return Path.of(value);
    }
}
