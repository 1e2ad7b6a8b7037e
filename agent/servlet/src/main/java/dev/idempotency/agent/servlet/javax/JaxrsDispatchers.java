package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.ServletContext;
import javax.servlet.ServletRegistration;
import javax.servlet.http.HttpServletRequest;

/**
 * JAX-RS runtimes as the servlet container sees them: a dispatcher servlet under a prefix mapping
 * ({@code /api/*}). JAX-RS declarations are relative to the application root, the path below that
 * mapping, so a request the container handed to such a servlet is also matched by that path. The
 * container says which servlet a mapping leads to ({@code ServletContext.getServletRegistrations},
 * Servlet 3.0); it is asked once per mapping and application.
 */
final class JaxrsDispatchers {

    private static final String CXF = "org.apache.cxf.transport.servlet.CXFNonSpringServlet";

    /** The dispatcher servlets of the JAX-RS runtimes, base classes first met walking up from the registered class. */
    static final List<String> DISPATCHERS = Arrays.asList(
            "org.glassfish.jersey.servlet.ServletContainer",
            "com.sun.jersey.spi.container.servlet.ServletContainer",
            "org.jboss.resteasy.plugins.server.servlet.HttpServletDispatcher",
            CXF);
    /**
     * The dispatchers of the runtimes whose resource methods the JAX-RS adapters see (Jersey 2 and
     * later, RESTEasy): a request such a servlet takes reaches the JAX-RS adapter too.
     */
    static final List<String> SEEN_BY_RESOURCE_METHOD = seenByResourceMethod();
    private static final String NONE = "";

    /** Per application, servlet mapping to the dispatcher class served there ({@link #NONE}: none). Weak: applications undeploy. */
    private static final Map<ServletContext, Map<String, String>> BY_CONTEXT =
            Collections.synchronizedMap(new WeakHashMap<ServletContext, Map<String, String>>());

    private JaxrsDispatchers() {
    }

    /**
     * Jersey 2 and later, RESTEasy; and Apache CXF 3, whose JAX-RS adapter is this adapter's CXF twin,
     * in {@code javax} only: this source is also the jakarta adapter, relocated, and CXF 4 has no
     * JAX-RS adapter ({@code HttpServletRequest}'s name is the relocated one there).
     */
    private static List<String> seenByResourceMethod() {
        List<String> seen = new ArrayList<>(Arrays.asList(
                "org.glassfish.jersey.servlet.ServletContainer",
                "org.jboss.resteasy.plugins.server.servlet.HttpServletDispatcher"));
        if (HttpServletRequest.class.getName().startsWith("javax.")) {
            seen.add(CXF);
        }
        return Collections.unmodifiableList(seen);
    }

    /**
     * The endpoint declared for the path below the request's servlet mapping, when that mapping
     * leads to a JAX-RS dispatcher servlet; {@code null} otherwise. {@code routedPath}: the
     * request's servlet-form path.
     */
    static Route route(Gate gate, HttpServletRequest request, String routedPath) {
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        if (pathInfo == null || servletPath == null || servletPath.isEmpty()) {
            return null; // not below a prefix mapping, or below "/*", where both forms are one path
        }
        String dispatcher = dispatcherAt(request.getServletContext(), servletPath + "/*");
        if (dispatcher == NONE) {
            return null;
        }
        return gate.routeBelowDispatcher(request.getMethod(), routedPath, pathInfo, seenByPathOnly(dispatcher));
    }

    /**
     * The runtime behind {@code dispatcher} and its servlet, when no JAX-RS adapter sees its resource
     * methods (Jersey 1; Apache CXF 4, on {@code jakarta.servlet}): the gate then warns of
     * resource-method declarations, which cannot match there. {@code null} for the others.
     */
    private static String seenByPathOnly(String dispatcher) {
        if (SEEN_BY_RESOURCE_METHOD.contains(dispatcher)) {
            return null;
        }
        String runtime = dispatcher.equals(CXF) ? "Apache CXF 4" : dispatcher.startsWith("com.sun.jersey.") ? "Jersey 1"
                : "a JAX-RS runtime";
        return runtime + " through " + dispatcher;
    }

    /**
     * Whether the servlet the request is mapped to is the dispatcher of a JAX-RS runtime whose
     * resource methods the JAX-RS adapters see: then that adapter tells of the request, by the
     * resource method the runtime matched. With a path info the mapping was a prefix ({@code /api/*},
     * {@code /*}); without, the exact path, the prefix that is the whole path, or the default servlet
     * ({@code /}), in the container's order of preference.
     */
    static boolean resourceMethodsSeenAt(HttpServletRequest request) {
        String servletPath = request.getServletPath();
        if (servletPath == null) {
            return false;
        }
        ServletContext context = request.getServletContext();
        String dispatcher = request.getPathInfo() != null ? dispatcherAt(context, servletPath + "/*")
                : firstDispatcher(context, servletPath, servletPath + "/*", "/");
        return SEEN_BY_RESOURCE_METHOD.contains(dispatcher);
    }

    private static String firstDispatcher(ServletContext context, String... mappings) {
        for (String mapping : mappings) {
            String dispatcher = dispatcherAt(context, mapping);
            if (dispatcher != NONE) {
                return dispatcher;
            }
        }
        return NONE;
    }

    private static String dispatcherAt(ServletContext context, String mapping) {
        if (context == null) {
            return NONE;
        }
        Map<String, String> known = BY_CONTEXT.get(context);
        if (known == null) {
            known = new ConcurrentHashMap<>();
            BY_CONTEXT.put(context, known);
        }
        String dispatcher = known.get(mapping);
        if (dispatcher == null) {
            dispatcher = lookUp(context, mapping);
            known.put(mapping, dispatcher);
        }
        return dispatcher;
    }

    private static String lookUp(ServletContext context, String mapping) {
        try {
            for (ServletRegistration registration : context.getServletRegistrations().values()) {
                if (registration.getMappings().contains(mapping)) {
                    return dispatcherOf(registration.getClassName(), context.getClassLoader());
                }
            }
        } catch (RuntimeException | LinkageError unavailable) {
            // a container that will not list its servlets here: match by the servlet-form path only
        }
        return NONE;
    }

    /** The known dispatcher {@code className} is or extends, else {@link #NONE}. */
    private static String dispatcherOf(String className, ClassLoader loader) {
        if (className == null) {
            return NONE;
        }
        if (DISPATCHERS.contains(className)) {
            return className;
        }
        try {
            for (Class<?> type = Class.forName(className, false, loader).getSuperclass(); type != null;
                    type = type.getSuperclass()) {
                if (DISPATCHERS.contains(type.getName())) {
                    return type.getName();
                }
            }
        } catch (ClassNotFoundException | LinkageError unloadable) {
            // not a class this application can load: no dispatcher of ours
        }
        return NONE;
    }
}
