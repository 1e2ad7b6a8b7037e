package dev.idempotency.agent.vocabulary;

/** What a request gets when the store cannot be reached. */
public enum StoreErrorPolicy {
    /** Refuse with store-unavailable and Retry-After: no execution without a record. */
    FAIL_CLOSED,
    /** Run the application unprotected and record nothing: an explicit choice per endpoint. */
    FAIL_OPEN
}
