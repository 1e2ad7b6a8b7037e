package dev.idempotency.agent.references;

/** An adapter class that would fail to link against one API version, and why. */
record Mismatch(String user, String problem) {
}
