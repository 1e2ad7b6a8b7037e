package dev.idempotency.agent.store;

/** The store could not be reached or did not answer in time. */
public class StoreUnavailableException extends RuntimeException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
