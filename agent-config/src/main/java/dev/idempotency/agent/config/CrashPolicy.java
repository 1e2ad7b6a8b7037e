package dev.idempotency.agent.config;

/** What a retry gets when the request that claimed its key died before completing. */
public enum CrashPolicy {
    /** Answer "outcome unknown" and keep the record for an operator to resolve. */
    UNKNOWN,
    /** Take over and execute again; only for handlers that are transactional end to end. */
    REEXECUTE
}
