package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import java.lang.reflect.Method;

/**
 * The part of the begin sequence every JAX-RS runtime's adapter shares: the request is routed by
 * the resource method the runtime matched, which is kept for a request no declaration matched.
 */
public abstract class ResourceMethodHost<T> implements ExchangeHost<T> {

    private Class<?> resource;
    private Method method;

    /**
     * Routes by {@code method} of {@code resource} (the class the runtime dispatches to, else the
     * method's declaring class), else by the request's method and {@code path}.
     */
    protected final Route routeResourceMethod(Gate gate, Class<?> resource, Method method, String path) {
        this.resource = resource != null ? resource : method.getDeclaringClass();
        this.method = method;
        return gate.routeResourceMethod(this.resource, method, method(), path);
    }

    @Override
    public final Class<?> resourceClass() {
        return resource;
    }

    @Override
    public final Method resourceMethod() {
        return method;
    }
}
