package dev.idempotency.agent.config;

/** Where the attempt log goes. */
public enum LogSink {
    STDOUT,
    STDERR,
    FILE,
    NONE
}
