package dev.idempotency.agent.javaagent;

import java.io.PrintStream;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's own messages (start-up, refusals, internal failures), on stderr, apart from the
 * attempt log. Start-up happens before any logging could be configured, so this stays plain.
 */
public final class Diagnostics {

    private static final String PREFIX = "idempotency-agent";
    private static final Set<String> reported = Collections.newSetFromMap(new ConcurrentHashMap<>());

    private Diagnostics() {
    }

    public static void info(String message) {
        err().println(PREFIX + " " + AgentVersion.get() + ": " + message);
    }

    public static void warn(String message) {
        err().println(PREFIX + " " + AgentVersion.get() + ": WARNING: " + message);
    }

    public static void error(String message, Throwable failure) {
        err().println(PREFIX + " " + AgentVersion.get() + ": ERROR: " + message
                + (failure == null ? "" : ": " + failure));
        if (failure != null) {
            failure.printStackTrace(err());
        }
    }

    /**
     * Reports a failure once per cause (its type and where it was thrown), so a hot path cannot
     * flood stderr; true when this call reported it.
     */
    public static boolean errorOnce(String where, Throwable failure) {
        StackTraceElement[] trace = failure.getStackTrace();
        String cause = where + "|" + failure.getClass().getName() + "|" + (trace.length > 0 ? trace[0] : "");
        if (reported.add(cause)) {
            error(where + " (reported once per cause)", failure);
            return true;
        }
        return false;
    }

    private static PrintStream err() {
        return System.err;
    }
}
