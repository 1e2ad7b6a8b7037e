package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.DeclaredRoute;
import dev.idempotency.agent.core.route.RouteTable;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds a request's declared endpoint for the adapters: by path, by resource method, by a Spring
 * MVC extension form, or below a JAX-RS dispatcher servlet. Says once per endpoint what its
 * declaration cannot match where it is deployed (a path that includes the context path, a
 * resource method behind a runtime seen by path only). Never throws: a failure of its own is
 * reported and the request counts as undeclared.
 */
final class EndpointRouting {

    private final RouteTable routes;
    private final FailureReports reports;
    /** Runtimes seen by path only, already checked for resource-method declarations they cannot serve. */
    private final Map<String, Boolean> runtimesChecked = new ConcurrentHashMap<>();

    EndpointRouting(RouteTable routes, FailureReports reports) {
        this.routes = routes;
        this.reports = reports;
        routes.warnTo((endpoint, message) -> reports.warnOnce(endpoint.name(), message, message));
    }

    Route route(String method, String contextPath, String path) {
        try {
            DeclaredRoute route = routes.route(method, path);
            if (route == null) {
                warnIfDeclaredWithContextPath(method, contextPath, path);
            }
            return route;
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        try {
            return routes.routeResourceMethod(resourceClass, resourceMethod.getName(), method, path);
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    Route routeExtensionForm(String method, String path) {
        try {
            return routes.routeExtensionForm(method, path);
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    Route routeBelowDispatcher(String method, String path, String jaxrsPath, String unseenRuntime) {
        try {
            DeclaredRoute route = routes.routeBelowMapping(method, path, jaxrsPath);
            if (route == null && unseenRuntime != null && runtimesChecked.putIfAbsent(unseenRuntime, Boolean.TRUE) == null) {
                warnOfResourceMethodsUnseenBehind(unseenRuntime);
            }
            return route;
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    /**
     * A JAX-RS runtime the agent has no adapter for (Apache CXF 4, Jersey 1) is seen only through its
     * dispatcher servlet, by path: an endpoint declared by resource method alone protects nothing
     * behind it. Said at the first request that reaches such a runtime, with the fix.
     */
    private void warnOfResourceMethodsUnseenBehind(String runtime) {
        for (EndpointPolicy policy : routes.declaredByResourceMethodOnly()) {
            reports.warnOnce(policy.name(), "resource-method behind " + runtime, "requests reach " + runtime
                    + ", where the agent matches JAX-RS endpoints by path only, so resource-method "
                    + policy.resourceMethod() + " protects nothing there and its requests run UNPROTECTED; declare "
                    + "path: with the resource's path relative to the JAX-RS application root (below the dispatcher "
                    + "servlet's mapping)");
        }
    }

    /** A declared path that starts with the context path never matches: paths are relative to it. */
    private void warnIfDeclaredWithContextPath(String method, String contextPath, String path) {
        EndpointPolicy misdeclared = routes.routeIncludingContextPath(method, contextPath, path);
        if (misdeclared != null) {
            String declared = misdeclared.pathTemplate().text();
            reports.warnOnce(misdeclared.name(), "context-path", "path " + declared + " includes the context path "
                    + contextPath + " of the application it runs in, so it matches nothing and this endpoint "
                    + "protects nothing; paths are relative to the context path: declare path: "
                    + (declared.startsWith(contextPath + "/") ? declared.substring(contextPath.length())
                            : "the part after " + contextPath));
        }
    }
}
