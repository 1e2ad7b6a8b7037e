package dev.idempotency.agent.tooling;

import java.io.IOException;

/**
 * Defines the bridge classes in the bootstrap loader, where advice inlined into any loader can see
 * them (module loaders are taught to delegate there by {@link BootDelegation}). Must run before
 * anything in the agent touches a bridge type.
 */
public final class BootstrapBridge {

    private BootstrapBridge() {
    }

    /** @return the definer, opened once, that the instrumentations use for the adapters */
    public static ClassDefiner install(java.lang.instrument.Instrumentation instrumentation)
            throws IOException, ReflectiveOperationException {
        ClassDefiner definer = ClassDefiner.open(instrumentation);
        definer.define(null, NestedJar.open("bootstrap.jar").classes());
        return definer;
    }
}
