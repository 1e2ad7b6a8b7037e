package dev.idempotency.agent.core.deadline;

/** How a client writes its deadline header. */
public enum DeadlineFormat {
    /** Milliseconds left when the request was sent ({@code 1500}). */
    RELATIVE_MS,
    /** The instant as epoch milliseconds ({@code 1767225600000}). */
    EPOCH_MS,
    /** The instant as an RFC 3339 timestamp ({@code 2026-01-01T00:00:00Z}). */
    RFC3339
}
