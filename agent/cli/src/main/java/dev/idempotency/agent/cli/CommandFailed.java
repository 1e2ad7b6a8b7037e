package dev.idempotency.agent.cli;

/** The command could not do its work (exit status 1); the message says why and what to do. */
public final class CommandFailed extends RuntimeException {

    public CommandFailed(String message) {
        super(message);
    }
}
