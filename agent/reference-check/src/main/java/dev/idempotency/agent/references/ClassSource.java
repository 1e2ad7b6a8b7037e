package dev.idempotency.agent.references;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Class files by internal name, from one place the adapter's class loader will see at run time:
 * the adapter jar itself, the agent's bridge, an API jar, or the JDK.
 */
interface ClassSource {

    /** Where a class was found, which decides what the check demands of it. */
    enum Origin {
        /** the adapter's own classes: checked for what they use */
        ADAPTER,
        /** the bridge the agent puts in the boot loader */
        AGENT,
        /** the API the adapter adapts, in one version */
        API,
        /** the running JDK: only consulted for supertypes, never itself checked */
        JDK
    }

    Origin origin();

    Optional<byte[]> classFile(String internalName);

    /** The classes this source holds; asked only of the adapter under check. */
    Set<String> classNames();

    static ClassSource jar(Path jar, Origin origin) {
        return new JarSource(jar, origin);
    }

    static ClassSource classFiles(Map<String, byte[]> byInternalName, Origin origin) {
        return new ClassSource() {
            @Override
            public Origin origin() {
                return origin;
            }

            @Override
            public Optional<byte[]> classFile(String internalName) {
                return Optional.ofNullable(byInternalName.get(internalName));
            }

            @Override
            public Set<String> classNames() {
                return byInternalName.keySet();
            }
        };
    }

    /** A jar read whole into memory: adapter and API jars are small, and read once per check. */
    final class JarSource implements ClassSource {

        private final Origin origin;
        private final Map<String, byte[]> classes = new HashMap<>();

        JarSource(Path jar, Origin origin) {
            this.origin = origin;
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                for (ZipEntry entry : Collections.list(zip.entries())) {
                    String name = entry.getName();
                    // the versioned copies of a multi-release jar keep the API of the base classes
                    if (name.endsWith(".class") && !name.startsWith("META-INF/") && !name.endsWith("module-info.class")) {
                        try (InputStream in = zip.getInputStream(entry)) {
                            classes.put(name.substring(0, name.length() - ".class".length()), in.readAllBytes());
                        }
                    }
                }
            } catch (IOException unreadable) {
                throw new UncheckedIOException("cannot read " + jar, unreadable);
            }
        }

        @Override
        public Origin origin() {
            return origin;
        }

        @Override
        public Optional<byte[]> classFile(String internalName) {
            return Optional.ofNullable(classes.get(internalName));
        }

        @Override
        public Set<String> classNames() {
            return classes.keySet();
        }
    }
}
