package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import java.io.IOException;
import java.lang.reflect.Method;

/**
 * One runtime's side of the begin sequence ({@link ExchangeStart#begin}), for one call of an
 * advised entry point: what only the adapter of that runtime knows. Made per call, so it may keep
 * what one step found for the next (the routed path, the body to give back). Its methods may throw,
 * except {@link #answer}: before the gate decided, the sequence then lets the request run as if the
 * agent were absent; after the gate claimed the request, the claim is released and the agent answers
 * in the application's place (see {@link ExchangeStart#begin}).
 *
 * @param <T> what the adapter's advice gets back when the agent takes the request: the adapter's
 *            exchange, or the answer to return in the method's place
 */
public interface ExchangeHost<T> {

    /**
     * Names the adapter in the gate's reports of its failures by the instrumentation group it
     * serves, as the config and {@code status} name it ({@code servlet-jakarta adapter}).
     */
    default String adapter() {
        return groupOf(getClass()) + " adapter";
    }

    /**
     * The instrumentation group an adapter class serves, from its package: each group's adapter is
     * compiled, or relocated as a twin, into a package of its own ending in the group's two parts
     * ({@code ...servlet.jakarta} serves {@code servlet-jakarta}, {@code ...resteasy4.javax}
     * {@code resteasy4-javax}).
     */
    static String groupOf(Class<?> adapterClass) {
        String name = adapterClass.getName();
        int namespace = name.lastIndexOf('.');
        int runtime = name.lastIndexOf('.', namespace - 1);
        int before = name.lastIndexOf('.', runtime - 1);
        return name.substring(before + 1, runtime) + '-' + name.substring(runtime + 1, namespace);
    }

    /**
     * False when this call must leave the request alone: an adapter further out took it (it
     * carries {@link Bridge#REQUEST_MARKER}), or the runtime gives no routed path. Cheap: asked
     * of every request.
     */
    boolean mayTake();

    /** The request's HTTP method. */
    String method();

    /** The request's declared endpoint, asked of {@code gate}, or {@code null}. Cheap: asked of every request. */
    Route route(Gate gate);

    /** Marks the request as taken ({@link Bridge#REQUEST_MARKER}), so adapters further in stay out. */
    void mark();

    /**
     * Whether this call tells the gate of a request no declaration matched that changes state or is a GET (for
     * {@code discover}): false when another call does, so that each request is listed once (a
     * filter further out told it already; a JAX-RS adapter further in tells it by its resource
     * method). Asked of such requests only.
     */
    default boolean tellsUndeclared() {
        return true;
    }

    /** The core's view of the request, on the path {@link #route} found. */
    HostRequestView view();

    /** The JAX-RS resource class the runtime matched, for a request no declaration matched; {@code null} at a servlet. */
    default Class<?> resourceClass() {
        return null;
    }

    /** The JAX-RS resource method the runtime matched, for a request no declaration matched; {@code null} at a servlet. */
    default Method resourceMethod() {
        return null;
    }

    /**
     * The core read {@code body} ahead: the application, or the runtime, must read it from here on.
     * Called only when the application is to run, before {@link #proceed}.
     */
    void replay(RequestBody body);

    /**
     * The agent answers in the application's place: writes {@code verdict}'s answer, or the
     * agent's failure answer when it cannot, and tells the verdict which the client received
     * ({@link Verdict#delivered()}, {@link Verdict#notDelivered}). Never throws: whatever fails is
     * the agent's 500 ({@link FailureAnswer}), and the application does not run.
     */
    T answer(Verdict verdict);

    /**
     * The application runs: adds the verdict's headers to its response and, when the verdict has
     * an {@link Verdict#execution()}, captures the response for it. Only prepares: the application
     * runs after the sequence returned, so a failure here is one before the application started.
     */
    T proceed(Verdict verdict) throws IOException;
}
