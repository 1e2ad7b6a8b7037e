package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.core.discover.UndeclaredRequests;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.DeclaredRoute;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Finds a request's declared endpoint for the adapters: by path, by resource method, by a Spring
 * MVC extension form, or below a JAX-RS dispatcher servlet. Says once per endpoint what its
 * declaration cannot match where it is deployed (a path that includes the context path, a
 * resource method behind a runtime seen by path only), and once per method and path that a
 * request carried an idempotency key where nothing is declared. Never throws: a failure of its
 * own is reported and the request counts as undeclared.
 */
final class EndpointRouting {

    private final RouteTable routes;
    private final FailureReports reports;
    /** Runtimes seen by path only, already checked for resource-method declarations they cannot serve. */
    private final Map<String, Boolean> runtimesChecked = new ConcurrentHashMap<>();
    /** The key headers a client of this service may send: every endpoint's, and the default. */
    private final Set<String> keyHeaders = new LinkedHashSet<>();
    /** Endpoints that have been routed a request since start; the others may be declared wrongly. */
    private final Set<EndpointPolicy> served = ConcurrentHashMap.newKeySet();
    private final int declaredCount;
    /** Keyed requests per undeclared method and path, for the first {@value #KEYED_PATHS_COUNTED} such paths. */
    private final Map<String, AtomicInteger> keyedUndeclared = new ConcurrentHashMap<>();

    /** Keyed requests to one undeclared path before it is said; one is a client's slip more often than not. */
    static final int KEYED_REQUESTS_BEFORE_WARNING = 3;
    static final int KEYED_PATHS_COUNTED = 64;

    EndpointRouting(RouteTable routes, FailureReports reports) {
        this.routes = routes;
        this.reports = reports;
        routes.warnTo((endpoint, message) -> reports.warnOnce(endpoint.name(), message, message));
        keyHeaders.add(EndpointSettings.DEFAULT_KEY_HEADER);
        for (EndpointPolicy policy : routes.declared()) {
            keyHeaders.add(policy.settings().keyHeader());
        }
        declaredCount = routes.declared().size();
    }

    private <R extends Route> R served(R route) {
        if (route instanceof DeclaredRoute) {
            EndpointPolicy policy = ((DeclaredRoute) route).policy();
            if (!served.contains(policy)) {
                served.add(policy);
            }
        }
        return route;
    }

    /**
     * Requests that carry an idempotency key keep reaching a method and path nothing declares,
     * while a declared endpoint has been routed no request at all: most likely its path or method
     * is declared wrongly, and the requests its clients count on being protected run unprotected.
     * Said once per method and path, after {@value #KEYED_REQUESTS_BEFORE_WARNING} such requests (a
     * client's own misspelt first try is answered by the host and followed by requests to the
     * declared path, which then counts as served).
     */
    void warnIfKeyedButUndeclared(RequestView request) {
        String method = request.method();
        if (method == null || !Gate.changesState(method) || served.size() == declaredCount) {
            return;
        }
        String header = keyHeaderOf(request);
        if (header == null) {
            return;
        }
        String requestLine = method + " " + UndeclaredRequests.collapse(request.path());
        AtomicInteger count = keyedUndeclared.get(requestLine);
        if (count == null) {
            if (keyedUndeclared.size() >= KEYED_PATHS_COUNTED) {
                return;
            }
            count = keyedUndeclared.computeIfAbsent(requestLine, line -> new AtomicInteger());
        }
        if (count.incrementAndGet() != KEYED_REQUESTS_BEFORE_WARNING) {
            return;
        }
        List<String> idleNames = new ArrayList<>();
        List<String> idleRoutes = new ArrayList<>();
        for (EndpointPolicy policy : routes.declared()) {
            if (!served.contains(policy)) {
                idleNames.add(policy.name());
                idleRoutes.add(policy.method() + " " + (policy.pathTemplate() != null ? policy.pathTemplate().text()
                        : "resource-method " + policy.resourceMethod()));
            }
        }
        if (idleNames.isEmpty()) {
            return;
        }
        boolean one = idleNames.size() == 1;
        reports.warnOnce(String.join(", ", idleNames), "keyed but undeclared " + requestLine,
                KEYED_REQUESTS_BEFORE_WARNING + " requests carried " + header + " to " + requestLine + ", which no "
                        + "endpoint declares, so the agent protected none of them, while " + (one ? "this endpoint ("
                        + idleRoutes.get(0) + ") has" : "these endpoints (" + String.join(", ", idleRoutes) + ") have")
                        + " been routed no request since start. If " + (one ? "it means " : "one of them means ")
                        + requestLine + ", correct its path or method and restart; `java -jar idempotency-agent.jar "
                        + "discover` prints a declaration for every undeclared path");
    }

    private String keyHeaderOf(RequestView request) {
        for (String header : keyHeaders) {
            if (!request.headers(header).isEmpty()) {
                return header;
            }
        }
        return null;
    }

    Route route(String method, String contextPath, String path) {
        try {
            DeclaredRoute route = routes.route(method, path);
            if (route == null) {
                warnIfDeclaredWithContextPath(method, contextPath, path);
            }
            return served(route);
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        try {
            return served(routes.routeResourceMethod(resourceClass, resourceMethod.getName(), method, path));
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    Route routeExtensionForm(String method, String path) {
        try {
            return served(routes.routeExtensionForm(method, path));
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
            return served(route);
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
