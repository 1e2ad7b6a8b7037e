package dev.idempotency.agent.bootstrap;

/**
 * What adapters ask the core. Implemented by the core; called from advice on request threads.
 * Implementations never throw: internal failures become a {@link Verdict} per the endpoint's
 * fail-open/closed policy.
 */
public interface Gate {

    /**
     * The declared endpoint for this method and path (path relative to the application's
     * context, without query string), or {@code null} when the request is not protected.
     * Cheap: called on every request that reaches an instrumented entry point.
     */
    Object route(String method, String path);

    /**
     * The declared endpoint for a JAX-RS resource method ({@code com.acme.OrderResource#create}),
     * or {@code null}.
     */
    Object routeResourceMethod(String className, String methodName, String method, String path);

    /** Decides what to do with a request to a declared endpoint: proceed, replay or refuse. */
    Verdict begin(Object route, RequestView request);

    /**
     * An adapter failed around a request (its own bug, or an API it did not expect). The request
     * then runs as if the agent were absent; the core reports the cause once.
     */
    default void adapterFailure(String adapter, Throwable failure) {
    }
}
