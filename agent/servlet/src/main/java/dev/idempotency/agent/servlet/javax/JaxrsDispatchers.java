package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
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
 * Servlet 3.0); it is asked once per servlet path and application.
 */
final class JaxrsDispatchers {

    /** The dispatcher servlets of the JAX-RS runtimes, base classes first met walking up from the registered class. */
    private static final List<String> DISPATCHERS = Arrays.asList(
            "org.glassfish.jersey.servlet.ServletContainer",
            "com.sun.jersey.spi.container.servlet.ServletContainer",
            "org.jboss.resteasy.plugins.server.servlet.HttpServletDispatcher",
            "org.apache.cxf.transport.servlet.CXFNonSpringServlet");
    private static final String NONE = "";

    /** Per application, servlet path to the dispatcher class served there ({@link #NONE}: none). Weak: applications undeploy. */
    private static final Map<ServletContext, Map<String, String>> BY_CONTEXT =
            Collections.synchronizedMap(new WeakHashMap<ServletContext, Map<String, String>>());

    private JaxrsDispatchers() {
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
        String dispatcher = dispatcherAt(request.getServletContext(), servletPath);
        return dispatcher == NONE ? null
                : gate.routeBelowDispatcher(request.getMethod(), routedPath, pathInfo, dispatcher);
    }

    private static String dispatcherAt(ServletContext context, String servletPath) {
        if (context == null) {
            return NONE;
        }
        Map<String, String> known = BY_CONTEXT.get(context);
        if (known == null) {
            known = new ConcurrentHashMap<>();
            BY_CONTEXT.put(context, known);
        }
        String dispatcher = known.get(servletPath);
        if (dispatcher == null) {
            dispatcher = lookUp(context, servletPath + "/*");
            known.put(servletPath, dispatcher);
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
