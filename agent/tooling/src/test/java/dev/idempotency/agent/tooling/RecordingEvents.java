package dev.idempotency.agent.tooling;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The agent's status in a test: keeps every event the instrumentation tells, in the order told. */
final class RecordingEvents implements InstrumentationEvents {

    private final List<String> instrumented = new CopyOnWriteArrayList<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final List<String> passedOver = new CopyOnWriteArrayList<>();

    @Override
    public void instrumented(String typeName, ClassLoader loader, GroupRole role) {
        instrumented.add(typeName + " " + role);
    }

    @Override
    public void failed(String problem) {
        failures.add(problem);
    }

    @Override
    public void disabledGroupPassedOver(String group, String className) {
        passedOver.add(group + " " + className);
    }

    /** Each class advised, as {@code <type name> <role>}. */
    List<String> instrumented() {
        return instrumented;
    }

    /** Each problem told. */
    List<String> failures() {
        return failures;
    }

    /** Each class a disabled group would have advised, as {@code <group> <class name>}. */
    List<String> passedOver() {
        return passedOver;
    }
}
