package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import java.lang.reflect.Method;

/** A gate for adapter tests: every servlet-form path routes to one endpoint ({@code null}: none), nothing else does. */
abstract class OneRouteGate implements Gate {

    private final Route route;

    OneRouteGate(Route route) {
        this.route = route;
    }

    @Override
    public Route route(String method, String contextPath, String path) {
        return route;
    }

    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        return null;
    }

    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String dispatcher) {
        return null;
    }
}
