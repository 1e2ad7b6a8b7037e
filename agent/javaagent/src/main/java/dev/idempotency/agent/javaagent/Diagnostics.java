package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.store.FailureCause;
import dev.idempotency.agent.store.StoreUnavailableException;
import java.io.PrintStream;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's own messages (start-up, refusals, internal failures), on stderr, apart from the
 * attempt log. Start-up happens before any logging could be configured, so this stays plain.
 */
public final class Diagnostics {

    /** The system property that adds the stack trace to a store's failure. */
    public static final String STACK_TRACES = "idempotency.agent.store-stack-traces";

    private static final String PREFIX = "idempotency-agent";
    /** Causes printed of one failure; a chain is rarely longer, and a cycle must end. */
    private static final int MAX_CAUSES = 8;
    private static final Set<String> reported = Collections.newSetFromMap(new ConcurrentHashMap<>());

    private Diagnostics() {
    }

    public static void info(String message) {
        err().println(PREFIX + " " + AgentVersion.get() + ": " + oneLine(message));
    }

    public static void warn(String message) {
        err().println(PREFIX + " " + AgentVersion.get() + ": WARNING: " + oneLine(message));
    }

    /**
     * One line for the message and one per cause of {@code failure}, each prefixed, so a grep for
     * the agent finds them all. The stack trace follows for a failure of the agent's own (a bug to
     * report); a store's failure is the store's, and its trace is printed only with
     * {@code -D}{@value #STACK_TRACES}{@code =true}.
     */
    public static void error(String message, Throwable failure) {
        String prefix = PREFIX + " " + AgentVersion.get() + ": ";
        err().println(prefix + "ERROR: " + oneLine(message) + (failure == null ? "" : ": " + oneLine(failure.toString())));
        if (failure == null) {
            return;
        }
        Throwable cause = failure.getCause();
        for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++, cause = cause.getCause()) {
            err().println(prefix + "  caused by " + oneLine(cause.toString()));
        }
        if (!(failure instanceof StoreUnavailableException) || Boolean.getBoolean(STACK_TRACES)) {
            failure.printStackTrace(err());
        }
    }

    /** Line breaks (a class loader's {@code toString}, a database's message with its SQL) become spaces. */
    static String oneLine(String text) {
        return text == null ? null : text.replaceAll("\\s*[\\r\\n]+\\s*", " ");
    }

    /**
     * Reports a failure once per cause, so a hot path cannot flood stderr; true when this call
     * reported it. The agent's own failure is one cause per type and throwing frame (one bug). A
     * store's failure is one cause per chain of exception types ({@link FailureCause}), as the
     * decision counts it: the same full disk reaches the agent through the claim's read, its
     * grouped write or the store reopening its file, each thrown from its own frame, and is still
     * one thing for the operator to fix.
     */
    public static boolean errorOnce(String where, Throwable failure) {
        if (reported.add(where + "|" + causeOf(failure))) {
            error(where + " (reported once per cause)", failure);
            return true;
        }
        return false;
    }

    private static String causeOf(Throwable failure) {
        if (failure instanceof StoreUnavailableException) {
            return "store|" + FailureCause.of(failure);
        }
        StackTraceElement[] trace = failure.getStackTrace();
        return failure.getClass().getName() + "|" + (trace.length > 0 ? trace[0] : "");
    }

    private static PrintStream err() {
        return System.err;
    }
}
