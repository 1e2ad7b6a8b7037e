package dev.idempotency.agent.store;

import java.time.Instant;

/** One row of the store, as read. {@code leaseExpired} is judged by the store's clock. */
public final class StoredRecord {

    private final String scope;
    private final String key;
    private final String endpoint;
    private final String fingerprint;
    private final RecordState state;
    private final String owner;
    private final long fencingToken;
    private final Instant leaseUntil;
    private final boolean leaseExpired;
    private final int attempts;
    private final String firstRequestId;
    private final StoredResponse response;
    private final Instant createdAt;
    private final Instant completedAt;
    private final Instant expiresAt;

    public StoredRecord(String scope, String key, String endpoint, String fingerprint, RecordState state,
            String owner, long fencingToken, Instant leaseUntil, boolean leaseExpired, int attempts,
            String firstRequestId, StoredResponse response, Instant createdAt, Instant completedAt, Instant expiresAt) {
        this.scope = scope;
        this.key = key;
        this.endpoint = endpoint;
        this.fingerprint = fingerprint;
        this.state = state;
        this.owner = owner;
        this.fencingToken = fencingToken;
        this.leaseUntil = leaseUntil;
        this.leaseExpired = leaseExpired;
        this.attempts = attempts;
        this.firstRequestId = firstRequestId;
        this.response = response;
        this.createdAt = createdAt;
        this.completedAt = completedAt;
        this.expiresAt = expiresAt;
    }

    public String scope() { return scope; }
    public String key() { return key; }
    public String endpoint() { return endpoint; }
    public String fingerprint() { return fingerprint; }
    public RecordState state() { return state; }
    public String owner() { return owner; }
    public long fencingToken() { return fencingToken; }
    /** Until when the claim holds without renewal, by the store's clock. */
    public Instant leaseUntil() { return leaseUntil; }
    public boolean leaseExpired() { return leaseExpired; }
    /** Requests seen for this key, the executing one included. */
    public int attempts() { return attempts; }
    public String firstRequestId() { return firstRequestId; }
    /** The stored outcome; {@code null} unless COMPLETED. */
    public StoredResponse response() { return response; }
    public Instant createdAt() { return createdAt; }
    public Instant completedAt() { return completedAt; }
    public Instant expiresAt() { return expiresAt; }
}
