package dev.idempotency.agent.core.policy;

/** What to do with a key whose owner died mid-execution (its lease expired). */
public enum CrashPolicy {
    /** Keep the record as UNKNOWN and answer 409: nobody knows whether the effect happened. */
    UNKNOWN,
    /** Take the key over and execute again: only for handlers transactional end to end. */
    REEXECUTE
}
