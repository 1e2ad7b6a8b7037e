package dev.idempotency.agent.javaagent.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Tells whether a process id names a Java virtual machine this user may attach to, before anything
 * is sent to it. On Linux the attach handshake sends SIGQUIT to a JVM whose attach listener is not
 * yet running; a process that is no JVM may take that signal as "stop now" (PostgreSQL's postmaster
 * does an immediate shutdown). So only a JVM that announces itself is signalled: listed by the
 * attach API (its performance-data file) or with an attach listener already open.
 */
final class JvmProcess {

    private JvmProcess() {
    }

    /** {@code null} when {@code pid} may be attached to, else the reason it must not be (nothing was sent). */
    static String refusal(String pid) {
        if (isListed(pid) || hasAttachListener(pid)) {
            return null;
        }
        return "process " + pid + " is not a Java virtual machine (or not one this user may attach to); "
                + "nothing was sent";
    }

    private static boolean isListed(String pid) {
        return AttachedJvm.listed().contains(pid);
    }

    /** The socket a running attach listener opens, seen through the process's own root (containers). */
    private static boolean hasAttachListener(String pid) {
        return Files.exists(Paths.get("/proc", pid, "root", "tmp", ".java_pid" + pid));
    }
}
