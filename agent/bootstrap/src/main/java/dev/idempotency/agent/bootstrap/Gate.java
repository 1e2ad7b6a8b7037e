package dev.idempotency.agent.bootstrap;

import java.lang.reflect.Method;

/**
 * What adapters ask the core. Implemented by the core; called from advice on request threads.
 * Implementations never throw: internal failures become a {@link Verdict} per the endpoint's
 * fail-open/closed policy. The one exception is a {@link VirtualMachineError} (out of memory, a
 * stack overflow), after which nothing can be promised: it goes on to the host, as it would
 * without the agent, and a claim already made ends UNKNOWN once its dropped execution is found.
 */
public interface Gate {

    /**
     * The route to the declared endpoint for this method and routed path (see
     * {@link RequestView#path()}), or {@code null} when the request is not protected. The adapter
     * hands the route to {@link #begin}; the path is not worked out again there. {@code contextPath} is the application's
     * ({@code ""} at the root), used only to tell an operator whose declared path wrongly
     * includes it. Cheap: called on every request that reaches an instrumented entry point.
     */
    Route route(String method, String contextPath, String path);

    /**
     * The route to the declared endpoint for the JAX-RS resource method the runtime matched (declared on the
     * resource class or on any of its supertypes, as JAX-RS annotations are inherited), else the
     * one declared for the method and path; {@code null} when neither is declared.
     */
    Route routeResourceMethod(Class<?> resourceClass, java.lang.reflect.Method resourceMethod, String method,
            String path);

    /**
     * For a request the servlet container handed to a JAX-RS runtime's dispatcher servlet, or that
     * reached Apache CXF's HTTP destination, that no servlet-form path matched: the
     * endpoint declared for the method and {@code jaxrsPath}, the path below the dispatcher's
     * mapping (or the destination's address), which is what JAX-RS declarations are relative to;
     * {@code null} when none is. {@code path} is the request's routed path, as given to
     * {@link #route}: the one the request is fingerprinted and logged by.
     * Cheap, as {@link #route} is. {@code unseenRuntime} names the runtime and its dispatcher servlet
     * when no JAX-RS adapter sees the resource methods behind it ({@code "Jersey 1 through
     * com.sun.jersey.spi.container.servlet.ServletContainer"}), so the gate can say once what a
     * resource-method declaration cannot match there; else {@code null}.
     */
    Route routeBelowDispatcher(String method, String path, String jaxrsPath, String unseenRuntime);

    /**
     * For a request no declared path matched, which the host hands to a router that matches a path
     * with an extension to the handler of the path without it (Spring MVC's suffix pattern match,
     * on by default before Spring 5.3: {@code /orders.json} reaches {@code /orders}'s handler): the
     * endpoint declared for the method and {@code path} without its last segment's extension, the
     * path the request is then fingerprinted and logged by; {@code null} when none is. Called only
     * for a request that changes state and whose last segment has a dot.
     */
    default Route routeExtensionForm(String method, String path) {
        return null;
    }

    /**
     * Whether an undeclared {@code GET} may change state, so that {@link #undeclared} lists it: it
     * carries the key header, or its query names a command ({@code ?newOrder=&confirmed=true}).
     * Cheap: asked of every undeclared GET.
     */
    default boolean mayChangeState(RequestView request) {
        return false;
    }

    /**
     * A request that changes state (see {@link #changesState}), or a GET, matched no declared
     * endpoint: the core keeps, by name only, what it carried, for {@code discover} (a GET only when
     * it may change state: it carried a key, or its query names a command). {@code resourceClass} and
     * {@code resourceMethod} are what a JAX-RS runtime matched, {@code null} at a servlet. Called by
     * adapters for such misses only.
     */
    default void undeclared(RequestView request, Class<?> resourceClass, Method resourceMethod) {
    }

    /** POST, PUT, PATCH and DELETE: the methods whose undeclared requests {@code discover} lists. */
    static boolean changesState(String method) {
        return "POST".equals(method) || "PUT".equals(method) || "PATCH".equals(method) || "DELETE".equals(method);
    }

    /**
     * Decides what to do with a request to a declared endpoint ({@code route}, as a routing call
     * of this gate returned it): proceed, replay or refuse.
     */
    Verdict begin(Route route, RequestView request);

    /**
     * An adapter failed around a request (its own bug, or an API it did not expect). The request
     * then runs as if the agent were absent; the core reports the cause once.
     */
    default void adapterFailure(String adapter, Throwable failure) {
    }
}
