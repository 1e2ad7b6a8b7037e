package dev.idempotency.agent.config;

/** What a request gets when the store cannot be reached. */
public enum StoreErrorPolicy {
    /** Refuse with store-unavailable: no execution without a record. */
    FAIL_CLOSED,
    /** Execute unprotected: an explicit choice per endpoint. */
    FAIL_OPEN
}
