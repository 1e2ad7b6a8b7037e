package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A 16 MB tmpfs mounted on a directory, for a store whose disk fills up. Mounting needs root (CI
 * runs as root): elsewhere the test is skipped, on CI it fails.
 */
final class SmallVolume implements AutoCloseable {

    private final Path dir;

    private SmallVolume(Path dir) {
        this.dir = dir;
    }

    static SmallVolume mount(Path dir) throws Exception {
        Files.createDirectories(dir);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String output = new String(mount.getInputStream().readAllBytes());
        if (!mount.waitFor(30, TimeUnit.SECONDS) || mount.exitValue() != 0) {
            String message = "cannot mount a small tmpfs (needs root): " + output.trim();
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message + "; CI=true: this test must run");
            }
            Assumptions.abort(message);
        }
        return new SmallVolume(dir);
    }

    Path dir() {
        return dir;
    }

    /** Writes {@code filler} until the filesystem has no space left. */
    static void fill(Path filler) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException full) {
            assertThat(full.getMessage()).as("the fill stopped for lack of space").containsIgnoringCase("space");
        }
    }

    @Override
    public void close() throws Exception {
        Process umount = new ProcessBuilder("umount", "-l", dir.toString()).redirectErrorStream(true).start();
        umount.getInputStream().readAllBytes();
        umount.waitFor(30, TimeUnit.SECONDS);
    }
}
