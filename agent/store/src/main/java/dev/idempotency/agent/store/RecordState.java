package dev.idempotency.agent.store;

/** Lifecycle of a record. */
public enum RecordState {
    /** Claimed; the owner is executing (or died: then its lease expires). */
    IN_PROGRESS,
    /** Outcome stored; replays answer from it until {@code expires_at}. */
    COMPLETED,
    /** The owner died mid-execution; nobody knows whether the effect happened. */
    UNKNOWN
}
