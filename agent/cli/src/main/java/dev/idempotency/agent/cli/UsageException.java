package dev.idempotency.agent.cli;

/** The command line was wrong; the message says how. */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
