package dev.idempotency.it.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** Unpacking server distributions and removing them again. */
final class Archives {

    private Archives() {}

    /**
     * Unpacks {@code zip} into {@code target} without its single top folder
     * ({@code apache-tomcat-9.0.104/bin/...} becomes {@code bin/...}).
     */
    static void unzipStrippingTopFolder(Path zip, Path target) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                String name = entry.getName();
                int slash = name.indexOf('/');
                if (slash < 0 || slash == name.length() - 1) {
                    continue;
                }
                Path file = target.resolve(name.substring(slash + 1)).normalize();
                if (!file.startsWith(target)) {
                    throw new IOException("zip entry escapes the target: " + name);
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(file);
                } else {
                    Files.createDirectories(file.getParent());
                    Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** Deletes {@code root} and everything below it; nothing if it does not exist. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.comparingInt(Path::getNameCount).reversed()).toList()) {
                Files.delete(path);
            }
        }
    }
}
