package dev.idempotency.agent.core.policy;

/** What to do when the store cannot be reached. */
public enum StoreErrorPolicy {
    /** Refuse with 503 and Retry-After: no execution without protection. */
    FAIL_CLOSED,
    /** Run the application unprotected and record nothing: an explicit per-endpoint choice. */
    FAIL_OPEN
}
