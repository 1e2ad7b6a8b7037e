package dev.idempotency.agent.vocabulary;

/** How a client writes its deadline header. */
public enum DeadlineFormat {
    /** Milliseconds left, counted from the request's arrival ({@code 1500}; e.g. x-envoy-expected-rq-timeout-ms). */
    RELATIVE_MS,
    /** The instant as epoch milliseconds ({@code 1767225600000}). */
    EPOCH_MS,
    /** The instant as an RFC 3339 timestamp ({@code 2026-01-01T00:00:00Z}). */
    RFC3339
}
