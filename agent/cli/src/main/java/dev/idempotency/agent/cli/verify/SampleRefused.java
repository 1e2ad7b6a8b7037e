package dev.idempotency.agent.cli.verify;

/**
 * The service cannot be verified with what it was given (unreachable, the sample refused, the
 * effect count unreadable): a message and exit 2, without the usage text.
 */
final class SampleRefused extends RuntimeException {

    SampleRefused(String message) {
        super(message);
    }
}
