package dev.idempotency.agent.store;

/** A claim held by this JVM, identified for renewal. */
public final class LeaseRef {

    private final String scope;
    private final String key;
    private final long fencingToken;

    public LeaseRef(String scope, String key, long fencingToken) {
        this.scope = scope;
        this.key = key;
        this.fencingToken = fencingToken;
    }

    public String scope() { return scope; }
    public String key() { return key; }
    public long fencingToken() { return fencingToken; }
}
