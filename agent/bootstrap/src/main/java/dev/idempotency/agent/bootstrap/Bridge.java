package dev.idempotency.agent.bootstrap;

/** The one static holder: the installed gate, or none while the agent is off. */
public final class Bridge {

    private static volatile Gate gate;

    private Bridge() {
    }

    /** The installed gate, or {@code null}: callers then pass the request through untouched. */
    public static Gate gate() {
        return gate;
    }

    public static void install(Gate installed) {
        gate = installed;
    }
}
