package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Gate;
import java.lang.reflect.Method;

/** A gate for adapter tests: every servlet-form path routes to one endpoint ({@code null}: none), nothing else does. */
abstract class OneRouteGate implements Gate {

    private final Object route;

    OneRouteGate(Object route) {
        this.route = route;
    }

    @Override
    public Object route(String method, String contextPath, String path) {
        return route;
    }

    @Override
    public Object routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        return null;
    }

    @Override
    public Object routeBelowDispatcher(String method, String jaxrsPath, String dispatcher) {
        return null;
    }
}
