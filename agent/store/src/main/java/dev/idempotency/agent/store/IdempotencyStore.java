package dev.idempotency.agent.store;

/**
 * Persistence of idempotency records: the request path, lease upkeep and operator work of one
 * store. Every method is one short transaction; every change to a claimed record is fenced by its
 * token, so a stale owner can never overwrite a newer one. Methods throw
 * {@link StoreUnavailableException} when the store cannot be reached. Callers take the narrowest
 * part they use.
 */
public interface IdempotencyStore extends RequestWork, LeaseUpkeep, OperatorWork, AutoCloseable {

    @Override
    void close();
}
