package dev.idempotency.agent.config;

/** What the agent does when its config is broken. */
public enum OnConfigError {
    /** Stop the JVM with exit status 1: an operator would rather see it refuse to start. */
    FAIL,
    /** Run the application unprotected, with a loud warning. */
    DISABLE
}
