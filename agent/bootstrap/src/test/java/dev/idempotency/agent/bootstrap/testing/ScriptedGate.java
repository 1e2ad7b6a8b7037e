package dev.idempotency.agent.bootstrap.testing;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The core behind an adapter in the adapters' tests: every routing the adapter may ask leads to one
 * route (or none), {@code begin} reads the body as the core does for a fingerprint and answers with
 * the verdict set, and every call is noted in the words a test asserts. Safe to call from a
 * container's threads.
 */
public class ScriptedGate implements Gate {

    /** A route to a declared endpoint. */
    public static final Route DECLARED = new Route() { };

    /** The ways a gate is asked to route; an adapter that asks one its gate was not made for fails its test. */
    public enum Routing { PATH, RESOURCE_METHOD, BELOW_DISPATCHER }

    private final Set<Routing> routings;
    /** What every routing returns; {@code null}: the request is to no declared endpoint. */
    public volatile Route route = DECLARED;
    /** What {@code begin} returns. */
    public volatile Verdict verdict;
    /** Whether {@code begin} reads the body and the query (the core does for every declared endpoint). */
    public volatile boolean readsBody = true;
    /** What {@link #mayChangeState} answers of every undeclared GET. */
    public volatile boolean getsMayChangeState;

    private final List<String> routed = new CopyOnWriteArrayList<>();
    private final List<String> begun = new CopyOnWriteArrayList<>();
    private final List<String> undeclared = new CopyOnWriteArrayList<>();
    private final List<byte[]> bodiesRead = new CopyOnWriteArrayList<>();
    private final List<String> queries = new CopyOnWriteArrayList<>();
    private final List<String> adapterFailures = new CopyOnWriteArrayList<>();

    /** A gate that answers the routings named, and fails the test on any other. */
    public ScriptedGate(Routing... routings) {
        this.routings = routings.length == 0 ? EnumSet.noneOf(Routing.class) : EnumSet.of(routings[0], routings);
    }

    @Override
    public Route route(String method, String contextPath, String path) {
        return routed(Routing.PATH, method + " " + path);
    }

    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        return routed(Routing.RESOURCE_METHOD,
                resourceClass.getSimpleName() + "#" + resourceMethod.getName() + " " + method + " " + path);
    }

    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String unseenRuntime) {
        return routed(Routing.BELOW_DISPATCHER, method + " " + path + " as " + jaxrsPath + " behind " + unseenRuntime);
    }

    private Route routed(Routing routing, String asked) {
        if (!routings.contains(routing)) {
            throw new UnsupportedOperationException("this adapter does not route by " + routing + ": " + asked);
        }
        routed.add(asked);
        return route;
    }

    @Override
    public boolean mayChangeState(RequestView request) {
        return getsMayChangeState;
    }

    @Override
    public void undeclared(RequestView request, Class<?> resourceClass, Method resourceMethod) {
        undeclared.add(request.method() + " " + request.path()
                + (resourceMethod == null ? "" : " by " + resourceMethod.getName()));
    }

    @Override
    public Verdict begin(Route route, RequestView request) {
        begun.add(request.method() + " " + request.path());
        if (readsBody) {
            try {
                bodiesRead.add(request.body(1 << 24));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String query = request.rawQuery();
            if (query != null) {
                queries.add(query);
            }
        }
        return verdict;
    }

    @Override
    public void adapterFailure(String adapter, Throwable failure) {
        adapterFailures.add(adapter + ": " + failure);
    }

    /** Each routing asked, as {@code POST /orders}, {@code Orders#create POST /orders}, or {@code POST /api/orders as /orders below <dispatcher>}. */
    public List<String> routed() {
        return new ArrayList<>(routed);
    }

    /** Each request begun, as {@code POST /orders}. */
    public List<String> begun() {
        return new ArrayList<>(begun);
    }

    /** Each undeclared request told, as {@code POST /orders}, and {@code by <resource method>} when one matched. */
    public List<String> undeclared() {
        return new ArrayList<>(undeclared);
    }

    public List<byte[]> bodiesRead() {
        return new ArrayList<>(bodiesRead);
    }

    /** The query strings of the requests begun that had one. */
    public List<String> queries() {
        return new ArrayList<>(queries);
    }

    /** Each adapter failure reported, as {@code <adapter>: <failure>}. */
    public List<String> adapterFailures() {
        return new ArrayList<>(adapterFailures);
    }

    /** As new: routing to {@link #DECLARED}, no verdict, reading bodies, nothing noted. */
    public void reset() {
        route = DECLARED;
        verdict = null;
        readsBody = true;
        routed.clear();
        begun.clear();
        undeclared.clear();
        bodiesRead.clear();
        queries.clear();
        adapterFailures.clear();
    }
}
