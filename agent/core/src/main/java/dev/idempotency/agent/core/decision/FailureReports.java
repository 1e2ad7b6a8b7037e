package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.store.FailureCause;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands events and internal failures to the listener without letting it fail a request. A
 * failure is reported once per cause (where, exception class, throwing frame); a store failure
 * once per {@link FailureCause}, as its messages and frames vary from request to request.
 */
final class FailureReports {

    /** Bounds memory if causes keep varying; past it, nothing new is reported. */
    private static final int MAX_CAUSES = 1024;

    private final AttemptListener listener;
    private final Set<String> reported = ConcurrentHashMap.newKeySet();
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    FailureReports(AttemptListener listener) {
        this.listener = listener;
    }

    void emit(AttemptEvent event) {
        try {
            listener.onAttempt(event);
        } catch (RuntimeException e) {
            report("attempt listener", e);
        }
    }

    void report(String where, Throwable cause) {
        if (reported.size() >= MAX_CAUSES || !reported.add(causeOf(where, cause))) {
            return;
        }
        try {
            listener.onInternalFailure(where, cause);
        } catch (RuntimeException ignored) {
            // The reporter itself is broken; there is nowhere left to say so.
        }
    }

    /**
     * The store failed a request: said once per cause, with the fix. The requests that follow are
     * told apart by their attempt events ({@code STORE_UNAVAILABLE}), which the agent counts.
     */
    void storeFailed(String what, Throwable cause) {
        if (reported.size() >= MAX_CAUSES || !reported.add("store|" + FailureCause.of(cause))) {
            return;
        }
        try {
            listener.onInternalFailure(what + "; until the store answers again, fail-closed endpoints answer 503 "
                    + "and fail-open ones run unprotected, and the agent recovers by itself: check that the store is "
                    + "reachable, has disk space and accepts the configured user. Repeats of this cause are counted, "
                    + "not printed", cause);
        } catch (RuntimeException ignored) {
            // The reporter itself is broken; there is nowhere left to say so.
        }
    }

    void markedUnknown(MarkedUnknown record) {
        try {
            listener.onMarkedUnknown(record);
        } catch (RuntimeException e) {
            report("attempt listener", e);
        }
    }

    /** Says {@code message} about {@code endpoint} once per endpoint and {@code cause}. */
    void warnOnce(String endpoint, String cause, String message) {
        if (warned.size() >= MAX_CAUSES || !warned.add(endpoint + '|' + cause)) {
            return;
        }
        try {
            listener.onWarning(endpoint, message);
        } catch (RuntimeException e) {
            report("attempt listener", e);
        }
    }

    private static String causeOf(String where, Throwable cause) {
        StackTraceElement[] trace = cause.getStackTrace();
        return where + '|' + cause.getClass().getName() + '|' + (trace.length == 0 ? "" : trace[0].toString());
    }
}
