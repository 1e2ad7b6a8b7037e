package dev.idempotency.agent.bootstrap;

/** The one static holder: the installed gate, or none while the agent is off. */
public final class Bridge {

    /**
     * The request attribute (servlet) or property (JAX-RS) set by the outermost adapter that took a
     * request: any other adapter that sees it on the same request stays out, so a JAX-RS runtime
     * inside a servlet container claims and records each operation once.
     */
    public static final String REQUEST_MARKER = "dev.idempotency.agent.exchange";

    /**
     * The request attribute (servlet) or property (JAX-RS) a JAX-RS adapter sets on a request a
     * servlet further out took, when the JAX-RS runtime matched it to a resource method: the
     * servlet's exchange then knows the request reached a handler, not the runtime's 404.
     */
    public static final String RESOURCE_METHOD_REACHED = "dev.idempotency.agent.resource-method-reached";

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

    /**
     * Called by inlined advice for a failure it suppressed (the request then ran as if the agent
     * were absent): the core reports it once per cause. {@code where} names the instrumentation
     * group and the advised class. Never throws.
     */
    public static void adviceFailed(String where, Throwable failure) {
        Gate installed = gate;
        if (installed != null) {
            installed.adapterFailure(where, failure);
        }
    }
}
