package dev.idempotency.agent.vocabulary;

/** What a retry gets when the request that claimed its key died before completing (its lease expired). */
public enum CrashPolicy {
    /** Keep the record as UNKNOWN and answer outcome-unknown: nobody knows whether the effect happened. */
    UNKNOWN,
    /** Take the key over and execute again; only for handlers that are transactional end to end. */
    REEXECUTE
}
