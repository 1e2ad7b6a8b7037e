package dev.idempotency.agent.core.attempt;

import java.util.Locale;

/** What the agent did with one attempt; {@link #label()} is the name written to the attempt log. */
public enum Decision {
    EXECUTED,
    REPLAYED,
    MISMATCH,
    IN_PROGRESS,
    OUTCOME_UNKNOWN,
    MISSING_KEY,
    INVALID_KEY,
    /** The key came without the value its scope is made of (a header, cookie or principal); nothing was claimed. */
    SCOPE_MISSING,
    /** The body could not be read (the client went away mid-upload); not in the contract's list. */
    BODY_UNREADABLE,
    TOO_LARGE,
    DEADLINE_EXCEEDED,
    STORE_UNAVAILABLE,
    RELEASED,
    PASSTHROUGH,
    /**
     * The agent decided to answer itself (a replay, a refusal) and could not write that answer:
     * the application did not run, and the client received the agent's 500, or nothing.
     */
    ANSWER_FAILED,
    /**
     * The agent itself failed while deciding (no store outage): before the store was asked,
     * executed unprotected; after it, refused with the agent's 500 and not executed, or, on a
     * fail-open endpoint, executed unprotected.
     */
    AGENT_FAILURE,
    /**
     * Not an attempt: an unsafe downstream call the execution sent with a derived key
     * ({@link AttemptEvent#downstream()}). Counted per endpoint apart from the attempts.
     */
    PROPAGATED,
    /**
     * Not an attempt: an unsafe downstream call the execution sent without a key, because it ran
     * where the execution's keys are not followed ({@link AttemptEvent#downstream()} says which
     * client and thread). Counted per endpoint apart from the attempts.
     */
    DOWNSTREAM_UNKEYED;

    /** Whether this names a downstream call of an execution rather than an attempt of its own. */
    public boolean isDownstreamCall() {
        return this == PROPAGATED || this == DOWNSTREAM_UNKEYED;
    }

    private final String label = name().toLowerCase(Locale.ROOT);

    /** {@code executed}, {@code replayed}, ... */
    public String label() {
        return label;
    }
}
