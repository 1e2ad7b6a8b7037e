package dev.idempotency.agent.store.jdbc.grouped;

import dev.idempotency.agent.store.ClaimRequest;

/** A claim request of a new key in a grouped insert, and the token its new record would carry. */
public final class NewClaim {

    public final ClaimRequest request;
    public final long token;

    public NewClaim(ClaimRequest request, long token) {
        this.request = request;
        this.token = token;
    }
}
