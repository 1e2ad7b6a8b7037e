package dev.idempotency.agent.core.problem;

import dev.idempotency.agent.core.attempt.Decision;

/**
 * Every answer the agent gives itself, each with a stable {@code type} URI (RFC 9457) and the
 * decision its attempt is logged as (the contract's words and the log's name one outcome: a key
 * reused for another request is a {@code mismatch} in the log).
 */
public enum ProblemType {
    KEY_MISSING("idempotency-key-missing", "Idempotency key missing", Decision.MISSING_KEY),
    KEY_INVALID("idempotency-key-invalid", "Idempotency key invalid", Decision.INVALID_KEY),
    SCOPE_MISSING("idempotency-scope-missing", "Idempotency scope missing", Decision.SCOPE_MISSING),
    BODY_UNREADABLE("idempotency-body-unreadable", "Request body unreadable", Decision.BODY_UNREADABLE),
    BODY_TOO_LARGE("idempotency-body-too-large", "Request body too large", Decision.TOO_LARGE),
    DEADLINE_EXCEEDED("deadline-exceeded", "Deadline exceeded", Decision.DEADLINE_EXCEEDED),
    STORE_UNAVAILABLE("idempotency-store-unavailable", "Idempotency store unavailable", Decision.STORE_UNAVAILABLE),
    KEY_REUSED("idempotency-key-reused", "Idempotency key reused", Decision.MISMATCH),
    IN_PROGRESS("idempotency-request-in-progress", "Request in progress", Decision.IN_PROGRESS),
    OUTCOME_UNKNOWN("idempotency-outcome-unknown", "Outcome unknown", Decision.OUTCOME_UNKNOWN),
    RESPONSE_NOT_RETAINED("idempotency-response-not-retained", "Response not retained", Decision.REPLAYED),
    AGENT_FAILURE("idempotency-agent-failure", "Idempotency agent failure", Decision.AGENT_FAILURE);

    public static final String BASE_URI = "https://idempotency-agent.dev/problems/";

    private final String uri;
    private final String title;
    private final Decision decision;

    ProblemType(String slug, String title, Decision decision) {
        this.uri = BASE_URI + slug;
        this.title = title;
        this.decision = decision;
    }

    public String uri() {
        return uri;
    }

    public String title() {
        return title;
    }

    /** The decision the attempt answered with this problem is logged as. */
    public Decision decision() {
        return decision;
    }
}
