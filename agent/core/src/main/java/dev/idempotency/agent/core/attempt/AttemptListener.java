package dev.idempotency.agent.core.attempt;

/**
 * Receives one event per attempt at a declared endpoint, on the request thread: keep it fast and
 * never block. Exceptions it throws are reported and otherwise ignored.
 */
public interface AttemptListener {

    /** Discards every event. */
    AttemptListener NONE = event -> { };

    void onAttempt(AttemptEvent event);

    /** The request headers and body this listener wants in its events; asked once, when the gate is built. */
    default RequestDetails requestDetails() {
        return RequestDetails.NONE;
    }

    /**
     * An internal failure of the agent, reported once per cause (class and throwing frame) so a
     * broken store does not flood the output. The default prints to standard error, the one sink
     * that exists before logging is configured.
     */
    default void onInternalFailure(String where, Throwable cause) {
        System.err.println("[idempotency-agent] " + where + ": " + cause);
    }

    /**
     * An endpoint that does not protect what the operator meant (a declaration that matches
     * nothing, a scope that lets a replay reach another caller), said once per endpoint and cause
     * by the gate. Listeners that keep a record (the attempt log) write it; the others ignore it.
     */
    default void onWarning(String endpoint, String message) {
    }

    /** A record turned UNKNOWN (its owner died mid-execution); said once per record. */
    default void onMarkedUnknown(MarkedUnknown record) {
    }
}
