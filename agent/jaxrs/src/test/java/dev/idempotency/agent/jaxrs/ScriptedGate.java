package dev.idempotency.agent.jaxrs;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/** The core behind a JAX-RS adapter, answering with a set verdict and noting what it was asked. */
public final class ScriptedGate implements Gate {

    /** What a resource method routes to; {@code null}: an undeclared endpoint. */
    public Route route = new Route() { };
    public Verdict verdict;
    /** Whether {@code begin} reads the request's body and query, as the core does for a declared endpoint's fingerprint. */
    public boolean readsRequest;
    /** Each resource method routed, as {@code <class>#<method> <HTTP method> <path>}. */
    public final List<String> routed = new ArrayList<>();
    public final List<String> bodies = new ArrayList<>();
    public final List<String> queries = new ArrayList<>();

    @Override
    public Route route(String method, String contextPath, String path) {
        throw new UnsupportedOperationException("JAX-RS routes by resource method");
    }

    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String dispatcher) {
        throw new UnsupportedOperationException("JAX-RS routes by resource method");
    }

    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        routed.add(resourceClass.getSimpleName() + "#" + resourceMethod.getName() + " " + method + " " + path);
        return route;
    }

    @Override
    public Verdict begin(Route route, RequestView request) {
        if (readsRequest) {
            try {
                bodies.add(new String(request.body(1024), UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            queries.add(request.rawQuery());
        }
        return verdict;
    }

    @Override
    public void adapterFailure(String adapter, Throwable failure) {
        throw new AssertionError("the adapter failed", failure);
    }
}
