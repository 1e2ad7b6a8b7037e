package dev.idempotency.agent.config;

/** How the value of the deadline header is read. */
public enum DeadlineFormat {
    /** Milliseconds left, counted from the request's arrival (e.g. x-envoy-expected-rq-timeout-ms). */
    RELATIVE_MS,
    /** Milliseconds since the epoch. */
    EPOCH_MS,
    /** An RFC 3339 timestamp. */
    RFC3339
}
