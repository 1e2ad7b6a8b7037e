package dev.idempotency.agent.core.attempt;

import java.time.Instant;

/**
 * A record the gate just marked UNKNOWN: the JVM that claimed it died mid-execution (its lease
 * expired), so whether the operation took effect is unknown until an operator resolves the key.
 * Said once per record, by the request that found it.
 */
public final class MarkedUnknown {

    private final Instant timestamp;
    private final String key;
    private final String scope;
    private final String endpoint;
    private final String deadOwner;
    private final long fencingToken;
    private final String requestId;
    private final TraceParent trace;

    public MarkedUnknown(Instant timestamp, String key, String scope, String endpoint, String deadOwner,
            long fencingToken, String requestId, TraceParent trace) {
        this.timestamp = timestamp;
        this.key = key;
        this.scope = scope;
        this.endpoint = endpoint;
        this.deadOwner = deadOwner;
        this.fencingToken = fencingToken;
        this.requestId = requestId;
        this.trace = trace;
    }

    public Instant timestamp() { return timestamp; }
    public String key() { return key; }
    public String scope() { return scope; }
    public String endpoint() { return endpoint; }
    /** The owner (host/pid/id) whose claim was left behind. */
    public String deadOwner() { return deadOwner; }
    public long fencingToken() { return fencingToken; }
    /** The request that found the record and marked it. */
    public String requestId() { return requestId; }
    public TraceParent trace() { return trace; }
}
