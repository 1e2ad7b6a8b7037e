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
}
