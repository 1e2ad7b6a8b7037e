package dev.idempotency.agent.javaagent.instrumentation;

/** What the instrumentation did, for the agent's status: each class it changed, each it could not. */
public interface InstrumentationEvents {

    /** {@code typeName} now carries the agent's advice, in {@code loader} ({@code null}: the bootstrap loader). */
    void instrumented(String typeName, ClassLoader loader);

    /** A class could not be instrumented; {@code problem} says which and why. */
    void failed(String problem);
}
