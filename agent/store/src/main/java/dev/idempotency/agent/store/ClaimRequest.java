package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.Objects;

/**
 * A request to claim a key. {@code ttl} bounds how long an unfinished claim may linger before it
 * is purged; {@code lease} how long the claim holds without renewal.
 */
public final class ClaimRequest {

    private final String scope;
    private final String key;
    private final String endpoint;
    private final String fingerprint;
    private final String owner;
    private final String requestId;
    private final Duration lease;
    private final Duration ttl;

    public ClaimRequest(String scope, String key, String endpoint, String fingerprint, String owner,
            String requestId, Duration lease, Duration ttl) {
        this.scope = Objects.requireNonNull(scope, "scope");
        this.key = Objects.requireNonNull(key, "key");
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        this.fingerprint = Objects.requireNonNull(fingerprint, "fingerprint");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.requestId = requestId;
        this.lease = Objects.requireNonNull(lease, "lease");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
    }

    public String scope() { return scope; }
    public String key() { return key; }
    public String endpoint() { return endpoint; }
    public String fingerprint() { return fingerprint; }
    public String owner() { return owner; }
    public String requestId() { return requestId; }
    public Duration lease() { return lease; }
    public Duration ttl() { return ttl; }
}
