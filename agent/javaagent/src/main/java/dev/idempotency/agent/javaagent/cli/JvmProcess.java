package dev.idempotency.agent.javaagent.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

/**
 * Tells whether a process id names a Java virtual machine this user may attach to, before anything
 * is sent to it. On Linux the attach handshake sends SIGQUIT to a JVM whose attach listener is not
 * yet running; a process that is no JVM may take that signal as "stop now" (PostgreSQL's postmaster
 * does an immediate shutdown). A listing is not proof: a JVM killed with {@code kill -9} leaves its
 * performance-data file, which names its pid, behind, and the pid may now be another program's. So
 * where the process's memory maps can be read ({@code /proc}), only one that has HotSpot loaded
 * ({@code libjvm.so}) is signalled; elsewhere, one the attach API lists or whose attach listener is open.
 */
final class JvmProcess {

    private JvmProcess() {
    }

    /** {@code null} when {@code pid} may be attached to, else the reason it must not be (nothing was sent). */
    static String refusal(String pid) {
        Path maps = Paths.get("/proc", pid, "maps");
        if (Files.isDirectory(Paths.get("/proc", "self"))) {
            if (hasHotSpotLoaded(maps)) {
                return null;
            }
        } else if (isListed(pid) || hasAttachListener(pid)) {
            return null;
        }
        return "process " + pid + " is not a Java virtual machine (or not one this user may attach to); "
                + "nothing was sent";
    }

    private static boolean isListed(String pid) {
        return AttachedJvm.listed().contains(pid);
    }

    /** Whether the process's memory maps hold HotSpot's library; false when they cannot be read (no such process, another user's). */
    private static boolean hasHotSpotLoaded(Path maps) {
        try (Stream<String> lines = Files.lines(maps)) {
            return lines.anyMatch(line -> line.contains("/libjvm.so"));
        } catch (IOException | UncheckedIOException unreadable) {
            return false;
        }
    }

    /** The socket a running attach listener opens, seen through the process's own root (containers). */
    private static boolean hasAttachListener(String pid) {
        return Files.exists(Paths.get("/proc", pid, "root", "tmp", ".java_pid" + pid));
    }
}
