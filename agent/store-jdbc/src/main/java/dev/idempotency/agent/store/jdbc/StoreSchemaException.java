package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.StoreUnavailableException;

/** The store's table exists with a layout this agent does not know: nothing can be stored in it. */
public final class StoreSchemaException extends StoreUnavailableException {

    public StoreSchemaException(String message) {
        super(message, null);
    }
}
