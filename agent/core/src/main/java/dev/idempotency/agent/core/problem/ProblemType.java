package dev.idempotency.agent.core.problem;

/** Every answer the agent gives itself, each with a stable {@code type} URI (RFC 9457). */
public enum ProblemType {
    KEY_MISSING("idempotency-key-missing", "Idempotency key missing"),
    KEY_INVALID("idempotency-key-invalid", "Idempotency key invalid"),
    SCOPE_MISSING("idempotency-scope-missing", "Idempotency scope missing"),
    BODY_UNREADABLE("idempotency-body-unreadable", "Request body unreadable"),
    BODY_TOO_LARGE("idempotency-body-too-large", "Request body too large"),
    DEADLINE_EXCEEDED("deadline-exceeded", "Deadline exceeded"),
    STORE_UNAVAILABLE("idempotency-store-unavailable", "Idempotency store unavailable"),
    KEY_REUSED("idempotency-key-reused", "Idempotency key reused"),
    IN_PROGRESS("idempotency-request-in-progress", "Request in progress"),
    OUTCOME_UNKNOWN("idempotency-outcome-unknown", "Outcome unknown"),
    RESPONSE_NOT_RETAINED("idempotency-response-not-retained", "Response not retained"),
    AGENT_FAILURE("idempotency-agent-failure", "Idempotency agent failure");

    public static final String BASE_URI = "https://idempotency-agent.dev/problems/";

    private final String uri;
    private final String title;

    ProblemType(String slug, String title) {
        this.uri = BASE_URI + slug;
        this.title = title;
    }

    public String uri() {
        return uri;
    }

    public String title() {
        return title;
    }
}
