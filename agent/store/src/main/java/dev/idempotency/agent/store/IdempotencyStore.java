package dev.idempotency.agent.store;

import java.util.Collections;
import java.util.List;

/**
 * Persistence of idempotency records: the request path, lease upkeep and operator work of one
 * store. Every method is one short transaction; every change to a claimed record is fenced by its
 * token, so a stale owner can never overwrite a newer one. Methods throw
 * {@link StoreUnavailableException} when the store cannot be reached. Callers take the narrowest
 * part they use.
 */
public interface IdempotencyStore extends RequestWork, LeaseUpkeep, OperatorWork, AutoCloseable {

    /**
     * What the operator should know about this store as it is configured (a Redis that can lose a
     * claim in a crash, say), each said once at start on stderr and in {@code status}; empty by default.
     */
    default List<String> warnings() {
        return Collections.emptyList();
    }

    @Override
    void close();
}
