package dev.idempotency.agent.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        List<String> below = jvmsBelow(pid);
        return "process " + pid + " is not a Java virtual machine (or not one this user may attach to); "
                + "nothing was sent" + (below.size() > 1 ? "; the JVMs it started are processes "
                        + String.join(", ", below) + ": give the service's" : "");
    }

    /**
     * {@code pid} when it names a JVM, else the one JVM among its descendants (the process a
     * launcher script such as WildFly's {@code standalone.sh} or {@code catalina.sh run} started:
     * {@code $!} is the script's pid); {@code null} when there is none, or more than one
     * ({@link #refusal} then names them).
     */
    static String jvmOf(String pid) {
        if (refusal(pid) == null) {
            return pid;
        }
        List<String> below = jvmsBelow(pid);
        return below.size() == 1 ? below.get(0) : null;
    }

    /** The JVMs among {@code pid}'s descendants, where {@code /proc} tells parents; none elsewhere. */
    static List<String> jvmsBelow(String pid) {
        Map<String, List<String>> children = new HashMap<>();
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Paths.get("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                String parent = parentOf(process.resolve("stat"));
                if (parent != null) {
                    children.computeIfAbsent(parent, p -> new ArrayList<>()).add(process.getFileName().toString());
                }
            }
        } catch (IOException | UncheckedIOException | SecurityException noProc) {
            return Collections.emptyList();
        }
        List<String> jvms = new ArrayList<>();
        Deque<String> pending = new ArrayDeque<>(children.getOrDefault(pid, Collections.emptyList()));
        while (!pending.isEmpty()) {
            String child = pending.pop();
            if (hasHotSpotLoaded(Paths.get("/proc", child, "maps"))) {
                jvms.add(child);
            } else {
                pending.addAll(children.getOrDefault(child, Collections.emptyList()));
            }
        }
        return jvms;
    }

    /** The parent pid in {@code /proc/<pid>/stat} ({@code pid (comm) state ppid ...}, comm may hold spaces). */
    private static String parentOf(Path stat) {
        try {
            String line = new String(Files.readAllBytes(stat), StandardCharsets.UTF_8);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return fields.length > 1 ? fields[1] : null;
        } catch (IOException | RuntimeException gone) {
            return null; // a process that ended while listed
        }
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
