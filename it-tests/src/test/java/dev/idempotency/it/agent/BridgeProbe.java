package dev.idempotency.it.agent;

/**
 * The one class of the probe bundle {@link OsgiBootDelegationTest} installs. It asks its own
 * loader, a bundle's, for the agent's bridge the way inlined advice resolves it (the loader's
 * {@code loadClass}), and for one of the agent's internal classes, which must stay invisible.
 * JDK types only, so the bundle imports nothing.
 */
public final class BridgeProbe {

    private BridgeProbe() {
    }

    public static String report() {
        return "bridge: " + find("dev.idempotency.agent.bootstrap.Bridge")
                + "\nagent internals: " + find("dev.idempotency.agent.javaagent.IdempotencyAgent");
    }

    private static String find(String name) {
        try {
            ClassLoader definedBy = Class.forName(name, false, BridgeProbe.class.getClassLoader()).getClassLoader();
            return definedBy == null ? "from the bootstrap loader" : "from " + definedBy;
        } catch (ClassNotFoundException | LinkageError invisible) {
            return "not found (" + invisible.getClass().getSimpleName() + ")";
        }
    }
}
