package dev.idempotency.agent.core.route;

import java.util.Collections;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.vocabulary.PathTemplate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the declared endpoint of a request. Called for every request that reaches an
 * instrumented entry point, so a miss must cost next to nothing: the path is brought to its
 * {@link RoutedPath} normal form (no copy when it is in it already), which a match carries in its
 * {@link DeclaredRoute}, so nothing after routing normalises it again; template-free paths are
 * one hash lookup; templates are grouped by their first literal segment, compared in place
 * against the path, so an undeclared path allocates nothing. Methods are compared
 * case-sensitively, as HTTP defines them.
 */
public final class RouteTable {

    private final Map<String, EndpointPolicy[]> exact = new HashMap<>();
    private final String[] firstSegments;
    private final TemplateRoute[][] templatesByFirstSegment;
    /** Templates whose first segment is a variable: tried for every path. */
    private final TemplateRoute[] templatesFromRoot;
    private final Map<String, Map<String, EndpointPolicy>> resourceMethods = new HashMap<>();
    /** Per resource class, kept by the class itself: nothing here holds an application's class loader. */
    private final ClassValue<ResourceRoutes> resourceRoutes;
    /** The first segment of every declared path, to recognise a path written with the context path in it. */
    private final List<String> declaredFirstSegments = new ArrayList<>();
    /** Endpoints declared by resource method with no path: only a JAX-RS runtime's own dispatch can match them. */
    private final List<EndpointPolicy> resourceMethodOnly = new ArrayList<>();
    /** Every declared endpoint, in declaration order. */
    private final List<EndpointPolicy> declared = new ArrayList<>();
    private volatile DeclarationWarnings warnings = DeclarationWarnings.NONE;

    public RouteTable(Collection<EndpointPolicy> policies) {
        Map<String, List<TemplateRoute>> grouped = new HashMap<>();
        List<TemplateRoute> fromRoot = new ArrayList<>();
        List<String> declared = new ArrayList<>();
        for (EndpointPolicy policy : policies) {
            this.declared.add(policy);
            if (policy.resourceMethod() != null) {
                addResourceMethod(policy);
            }
            if (policy.pathTemplate() == null) {
                resourceMethodOnly.add(policy);
                continue;
            }
            PathTemplate template = policy.pathTemplate();
            // Templates of one shape (/orders/{id}, /orders/{orderId}/) match the same paths.
            String declaration = policy.method() + " " + template.shape();
            if (declared.contains(declaration)) {
                throw new IllegalArgumentException("endpoint " + policy.name() + " declares " + policy.method() + " "
                        + template.text() + " a second time; each method and path may be declared once");
            }
            declared.add(declaration);
            String first = firstSegment(template.text());
            if (!declaredFirstSegments.contains(first)) {
                declaredFirstSegments.add(first);
            }
            if (template.isExact()) {
                exact.merge(template.shape(), new EndpointPolicy[] {policy}, RouteTable::concat);
            } else if (template.firstLiteral() == null) {
                fromRoot.add(new TemplateRoute(template, policy));
            } else {
                grouped.computeIfAbsent(template.firstLiteral(), k -> new ArrayList<>())
                        .add(new TemplateRoute(template, policy));
            }
        }
        this.firstSegments = grouped.keySet().toArray(new String[0]);
        this.templatesByFirstSegment = new TemplateRoute[firstSegments.length][];
        for (int i = 0; i < firstSegments.length; i++) {
            templatesByFirstSegment[i] = sorted(grouped.get(firstSegments[i]));
        }
        this.templatesFromRoot = sorted(fromRoot);
        this.resourceRoutes = new ClassValue<ResourceRoutes>() {
            @Override
            protected ResourceRoutes computeValue(Class<?> resource) {
                return ResourceRoutes.of(resource, resourceMethods, RouteTable.this.warnings);
            }
        };
    }

    /** Every declared endpoint, in declaration order. */
    public List<EndpointPolicy> declared() {
        return Collections.unmodifiableList(declared);
    }

    /** The endpoints declared by resource method with no path, in declaration order. */
    public List<EndpointPolicy> declaredByResourceMethodOnly() {
        return Collections.unmodifiableList(new ArrayList<>(resourceMethodOnly));
    }

    /** Where declarations that protect nothing are reported (the gate's warnings). */
    public void warnTo(DeclarationWarnings warnings) {
        this.warnings = warnings;
    }

    /**
     * The endpoint declared for this method and routed path (any spelling: see {@link RoutedPath}),
     * with the path's normal form, or {@code null}. An exact path wins over templates.
     */
    public DeclaredRoute route(String method, String path) {
        if (method == null || path == null) {
            return null;
        }
        String normal = RoutedPath.normalise(path);
        EndpointPolicy policy = routeNormal(method, normal);
        return policy == null ? null : new DeclaredRoute(policy, normal);
    }

    /**
     * The endpoint declared for this method and {@code pathBelowMapping}, the part of the routed
     * {@code path} below a JAX-RS dispatcher's mapping, or {@code null}. The route carries the normal
     * form of {@code path}, by which the request is fingerprinted and logged wherever it is matched.
     */
    public DeclaredRoute routeBelowMapping(String method, String path, String pathBelowMapping) {
        if (method == null || path == null || pathBelowMapping == null) {
            return null;
        }
        EndpointPolicy policy = routeNormal(method, RoutedPath.normalise(pathBelowMapping));
        return policy == null ? null : new DeclaredRoute(policy, RoutedPath.normalise(path));
    }

    /**
     * The endpoint declared for this method and {@code path} without the extension of its last
     * segment (from its first dot: {@code /orders.json} and {@code /orders.tar.gz} are
     * {@code /orders}'s), with that path's normal form; {@code null} when none is, or the last
     * segment has no extension.
     */
    public DeclaredRoute routeExtensionForm(String method, String path) {
        if (method == null || path == null) {
            return null;
        }
        String normal = RoutedPath.normalise(path);
        int dot = normal.indexOf('.', normal.lastIndexOf('/') + 2);
        if (dot < 0) {
            return null;
        }
        String stem = normal.substring(0, dot);
        EndpointPolicy policy = routeNormal(method, stem);
        return policy == null ? null : new DeclaredRoute(policy, stem);
    }

    /**
     * For a request that matched nothing: the endpoint whose declared path is this request's path
     * with the application's context path in front ({@code /shop/orders} declared, {@code /orders}
     * requested under {@code /shop}), or {@code null}. Such a declaration protects nothing, since
     * paths are relative to the context path; the caller tells the operator.
     */
    public EndpointPolicy routeIncludingContextPath(String method, String contextPath, String path) {
        if (contextPath == null || contextPath.isEmpty() || contextPath.equals("/") || method == null
                || path == null) {
            return null;
        }
        for (String first : declaredFirstSegments) {
            if (startsWithSegment(contextPath, first)) {
                return routeNormal(method, RoutedPath.normalise(contextPath + path));
            }
        }
        return null;
    }

    private EndpointPolicy routeNormal(String method, String path) {
        EndpointPolicy[] candidates = exact.get(path);
        if (candidates != null) {
            for (EndpointPolicy policy : candidates) {
                if (policy.method().equals(method)) {
                    return policy;
                }
            }
        }
        for (int i = 0; i < firstSegments.length; i++) {
            if (startsWithSegment(path, firstSegments[i])) {
                EndpointPolicy found = match(templatesByFirstSegment[i], method, path);
                if (found != null) {
                    return found;
                }
            }
        }
        return templatesFromRoot.length == 0 ? null : match(templatesFromRoot, method, path);
    }

    /**
     * The endpoint declared for a JAX-RS resource method (on {@code resource} or one of its
     * supertypes), else the one declared for its method and path, with the path's normal form;
     * {@code null} when neither is declared. The first dispatch to a resource class also checks
     * that the methods declared on its types exist, and warns of each that does not.
     */
    public DeclaredRoute routeResourceMethod(Class<?> resource, String methodName, String method, String path) {
        if (resource != null && !resourceMethods.isEmpty()) {
            EndpointPolicy policy = resourceRoutes.get(resource).forMethod(methodName);
            if (policy != null && (method == null || policy.method().equals(method))) {
                return new DeclaredRoute(policy, RoutedPath.normalise(path));
            }
        }
        return route(method, path);
    }

    private void addResourceMethod(EndpointPolicy policy) {
        String declared = policy.resourceMethod();
        int hash = declared.indexOf('#');
        Map<String, EndpointPolicy> byMethod =
                resourceMethods.computeIfAbsent(declared.substring(0, hash), k -> new HashMap<>());
        if (byMethod.putIfAbsent(declared.substring(hash + 1), policy) != null) {
            throw new IllegalArgumentException("endpoint " + policy.name() + " declares " + declared
                    + " a second time; each resource method may be declared once");
        }
    }

    /** The first segment of a path ({@code orders} of {@code /orders/{id}}); empty for {@code /}. */
    private static String firstSegment(String path) {
        int slash = path.indexOf('/', 1);
        return path.substring(1, slash < 0 ? path.length() : slash);
    }

    private static boolean startsWithSegment(String path, String segment) {
        int end = 1 + segment.length();
        return path.length() >= end && path.charAt(0) == '/' && path.regionMatches(1, segment, 0, segment.length())
                && (path.length() == end || path.charAt(end) == '/');
    }

    private static EndpointPolicy match(TemplateRoute[] routes, String method, String path) {
        for (TemplateRoute route : routes) {
            if (route.policy.method().equals(method) && route.template.matches(path)) {
                return route.policy;
            }
        }
        return null;
    }

    private static TemplateRoute[] sorted(List<TemplateRoute> routes) {
        TemplateRoute[] array = routes.toArray(new TemplateRoute[0]);
        Arrays.sort(array, (a, b) -> a.template.compareTo(b.template));
        return array;
    }

    private static EndpointPolicy[] concat(EndpointPolicy[] a, EndpointPolicy[] b) {
        EndpointPolicy[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** A compiled template and the endpoint it leads to. */
    private static final class TemplateRoute {
        final PathTemplate template;
        final EndpointPolicy policy;

        TemplateRoute(PathTemplate template, EndpointPolicy policy) {
            this.template = template;
            this.policy = policy;
        }
    }
}
