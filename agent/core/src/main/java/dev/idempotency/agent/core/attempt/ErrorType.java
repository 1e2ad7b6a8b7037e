package dev.idempotency.agent.core.attempt;

import java.util.Locale;

/** The failure class of an attempt, kept apart from its decision. */
public enum ErrorType {
    CLIENT_DISCONNECT,
    HANDLER_EXCEPTION,
    STORE_ERROR,
    TIMEOUT,
    DEADLINE_EXCEEDED,
    /**
     * The agent itself failed: it could not decide ({@link Decision#AGENT_FAILURE}), write its own
     * answer ({@link Decision#ANSWER_FAILED}) or take an execution's outcome.
     */
    AGENT_ERROR;

    private final String label = name().toLowerCase(Locale.ROOT);

    /** {@code client_disconnect}, {@code handler_exception}, ... */
    public String label() {
        return label;
    }
}
