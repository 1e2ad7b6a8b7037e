package dev.idempotency.agent.tooling;

/**
 * What the instrumentation did, for the agent's status: each class it changed, each it could not,
 * and each it left alone because its group is switched off.
 */
public interface InstrumentationEvents {

    /**
     * {@code typeName} now carries the agent's advice, in {@code loader} ({@code null}: the
     * bootstrap loader); {@code role} is what it serves.
     */
    void instrumented(String typeName, ClassLoader loader, GroupRole role);

    /** A class could not be instrumented; {@code problem} says which and why. */
    void failed(String problem);

    /**
     * {@code className} was defined, and the instrumentation {@code group} would have advised it,
     * were the group not disabled. Told at each such class: keep what is needed, cheaply.
     */
    void disabledGroupPassedOver(String group, String className);
}
