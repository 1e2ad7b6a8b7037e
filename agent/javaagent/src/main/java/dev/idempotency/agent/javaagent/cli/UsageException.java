package dev.idempotency.agent.javaagent.cli;

/** The command line was wrong; the message says how. */
final class UsageException extends RuntimeException {

    UsageException(String message) {
        super(message);
    }
}
