package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.HashMap;
import java.util.WeakHashMap;
import javax.servlet.Servlet;
import javax.servlet.ServletContext;
import javax.servlet.ServletRegistration;
import javax.servlet.http.HttpServletRequest;

/**
 * Whether the host dispatched a request to a handler, as its own routers tell: the servlet the
 * container sent it to and, behind a framework's dispatcher servlet, whether the framework matched
 * a handler. A request the container gives its default servlet, or a framework answers with no
 * handler, is not the endpoint's, whatever its path: the agent spends no key on it.
 */
final class HostDispatch {

    /**
     * Request attribute: the {@link Kind} name of the first servlet the request reached. A name, not
     * the constant: the container's filters and the application's servlets may run copies of this
     * adapter from different class loaders.
     */
    static final String SERVLET_REACHED = "dev.idempotency.agent.servlet-reached";

    /** What a servlet is to the routing: the container's fallback, a framework's dispatcher, or the application's own. */
    enum Kind {
        /** The container's default servlet (static files, 404, 405): never a handler. */
        CONTAINER_DEFAULT,
        /** Spring MVC's dispatcher: its 404 or 405 is its own when it matched no handler. */
        SPRING_MVC,
        /**
         * A JAX-RS dispatcher whose resource methods the JAX-RS adapters see: its 404 or 405 is its
         * own when none of them was reached (where no adapter applies, RESTEasy 3.0 say, as for
         * {@link #JAXRS_BY_PATH}).
         */
        JAXRS,
        /**
         * A JAX-RS dispatcher the agent sees by path only (Jersey 1, Apache CXF): its 404 and 405
         * are taken for the runtime's own, which JAX-RS answers when no resource method matched.
         */
        JAXRS_BY_PATH,
        APPLICATION
    }

    private static final List<String> CONTAINER_DEFAULTS = Arrays.asList(
            "org.apache.catalina.servlets.DefaultServlet",
            "org.eclipse.jetty.servlet.DefaultServlet",
            "org.eclipse.jetty.servlet.ServletHandler$Default404Servlet",
            "org.eclipse.jetty.ee8.servlet.DefaultServlet",
            "org.eclipse.jetty.ee8.servlet.ServletHandler$Default404Servlet",
            "org.eclipse.jetty.ee9.servlet.DefaultServlet",
            "org.eclipse.jetty.ee9.servlet.ServletHandler$Default404Servlet",
            "org.eclipse.jetty.ee10.servlet.DefaultServlet",
            "org.eclipse.jetty.ee10.servlet.ServletHandler$Default404Servlet",
            "org.eclipse.jetty.ee11.servlet.DefaultServlet",
            "org.eclipse.jetty.ee11.servlet.ServletHandler$Default404Servlet",
            "io.undertow.servlet.handlers.DefaultServlet");
    private static final String SPRING_DISPATCHER = "org.springframework.web.servlet.DispatcherServlet";
    /** Set by Spring MVC's handler mappings when one matched the request (every version since 3.0). */
    private static final String SPRING_PATTERN = "org.springframework.web.servlet.HandlerMapping.bestMatchingPattern";
    /** The handler it matched (Spring 4.3.21 and 5.1 on): its static resources' handler is not an endpoint. */
    private static final String SPRING_HANDLER = "org.springframework.web.servlet.HandlerMapping.bestMatchingHandler";
    private static final List<String> SPRING_NOT_HANDLERS = Arrays.asList(
            "org.springframework.web.servlet.resource.ResourceHttpRequestHandler",
            "org.springframework.web.servlet.resource.DefaultServletHttpRequestHandler");

    private static final ClassValue<Kind> KINDS = new ClassValue<Kind>() {
        @Override
        protected Kind computeValue(Class<?> servlet) {
            // The class itself only: a servlet of the application's that extends the container's
            // (WebDAV's extends Tomcat's) may well handle what it is sent.
            if (CONTAINER_DEFAULTS.contains(servlet.getName())) {
                return Kind.CONTAINER_DEFAULT;
            }
            for (Class<?> type = servlet; type != null; type = type.getSuperclass()) {
                String name = type.getName();
                if (SPRING_DISPATCHER.equals(name)) {
                    return Kind.SPRING_MVC;
                }
                if (JaxrsDispatchers.SEEN_BY_RESOURCE_METHOD.contains(name)) {
                    return Kind.JAXRS;
                }
                if (JaxrsDispatchers.DISPATCHERS.contains(name)) {
                    return Kind.JAXRS_BY_PATH;
                }
            }
            return Kind.APPLICATION;
        }
    };

    /** {@code getHttpServletMapping} of a request class (Servlet 4.0, and Tomcat 8.5's preview of it), else none. */
    private static final ClassValue<Method[]> MAPPING_GETTER = new ClassValue<Method[]>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return publicMethod(type, "getHttpServletMapping");
        }
    };
    /** {@code getServletName} of a mapping class, callable even where the class itself is not public. */
    private static final ClassValue<Method[]> SERVLET_NAME_GETTER = new ClassValue<Method[]>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            return publicMethod(type, "getServletName");
        }
    };
    private static final Kind UNKNOWN_SERVLET = Kind.APPLICATION;
    /** Per application, its servlets. Weak: applications undeploy. */
    private static final Map<ServletContext, Servlets> BY_CONTEXT =
            Collections.synchronizedMap(new WeakHashMap<ServletContext, Servlets>());

    private HostDispatch() {
    }

    static Kind kindOf(Class<?> servlet) {
        return KINDS.get(servlet);
    }

    /** Notes the first servlet a request the agent took reaches ({@code entryPoint}, when it is a servlet). */
    static void reached(HttpServletRequest request, Class<?> entryPoint) {
        if (Servlet.class.isAssignableFrom(entryPoint) && request.getAttribute(SERVLET_REACHED) == null) {
            request.setAttribute(SERVLET_REACHED, kindOf(entryPoint).name());
        }
    }

    /** Notes that a request the agent took reached Apache CXF's HTTP destination, CXF's dispatcher without a servlet. */
    static void reachedCxfDestination(HttpServletRequest request) {
        if (request.getAttribute(SERVLET_REACHED) == null) {
            request.setAttribute(SERVLET_REACHED, Kind.JAXRS_BY_PATH.name());
        }
    }

    /**
     * The kind of the servlet the container mapped the request to, before it runs: by the name
     * Servlet 4.0's mapping gives, else by the container's mappings (Servlet 3.0's registrations)
     * in the container's order (exact, prefix, extension, default); {@link Kind#APPLICATION}
     * where neither says: the answer, when taken, tells then.
     */
    static Kind mappedServlet(HttpServletRequest request) {
        ServletContext context = request.getServletContext();
        if (context == null) {
            return UNKNOWN_SERVLET;
        }
        Servlets servlets = servletsOf(context);
        String name = mappedName(request);
        if (name != null) {
            Kind named = servlets.byName.get(name);
            if (named != null) {
                return named;
            }
        }
        String servletPath = request.getServletPath() == null ? "" : request.getServletPath();
        if (request.getPathInfo() != null) {
            return servlets.atMapping(servletPath + "/*");
        }
        int dot = servletPath.lastIndexOf('.');
        String extension = dot > servletPath.lastIndexOf('/') ? "*" + servletPath.substring(dot) : null;
        for (String mapping : new String[] {servletPath, servletPath + "/*", extension, "/"}) {
            Kind kind = mapping == null ? null : servlets.byMapping.get(mapping);
            if (kind != null) {
                return kind;
            }
        }
        return UNKNOWN_SERVLET;
    }

    /** The servlet name of Servlet 4.0's mapping of the request, where the container has it. */
    private static String mappedName(HttpServletRequest request) {
        try {
            Method[] getMapping = MAPPING_GETTER.get(request.getClass());
            Object mapping = getMapping.length == 0 ? null : getMapping[0].invoke(request);
            Method[] getName = mapping == null ? new Method[0] : SERVLET_NAME_GETTER.get(mapping.getClass());
            Object name = getName.length == 0 ? null : getName[0].invoke(mapping);
            return name == null ? null : name.toString();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unknown) {
            return null;
        }
    }

    private static Servlets servletsOf(ServletContext context) {
        Servlets servlets = BY_CONTEXT.get(context);
        if (servlets == null) {
            servlets = new Servlets(context);
            BY_CONTEXT.put(context, servlets);
        }
        return servlets;
    }

    /** An application's servlets by name and by mapping, read once: servlets are registered before the first request. */
    private static final class Servlets {
        final Map<String, Kind> byName = new HashMap<>();
        final Map<String, Kind> byMapping = new HashMap<>();

        Servlets(ServletContext context) {
            try {
                for (ServletRegistration registration : context.getServletRegistrations().values()) {
                    Kind kind = kindOf(registration.getClassName(), context.getClassLoader());
                    byName.put(registration.getName(), kind);
                    for (String mapping : registration.getMappings()) {
                        byMapping.put(mapping, kind);
                    }
                }
            } catch (RuntimeException | LinkageError unavailable) {
                // a container that will not list its servlets: the answer, when taken, tells
            }
        }

        Kind atMapping(String mapping) {
            Kind kind = byMapping.get(mapping);
            return kind != null ? kind : UNKNOWN_SERVLET;
        }
    }

    private static Kind kindOf(String className, ClassLoader loader) {
        try {
            return className == null ? UNKNOWN_SERVLET : kindOf(Class.forName(className, false, loader));
        } catch (ClassNotFoundException | LinkageError unloadable) {
            return UNKNOWN_SERVLET;
        }
    }

    /** The public method {@code name} of {@code type}, found on a public type it implements, else none. */
    private static Method[] publicMethod(Class<?> type, String name) {
        try {
            Method method = type.getMethod(name);
            if (!Modifier.isPublic(method.getDeclaringClass().getModifiers())) {
                for (Class<?> api : type.getInterfaces()) {
                    try {
                        return new Method[] {api.getMethod(name)};
                    } catch (NoSuchMethodException elsewhere) {
                        // on another interface
                    }
                }
                method.setAccessible(true);
            }
            return new Method[] {method};
        } catch (NoSuchMethodException | RuntimeException | LinkageError none) {
            return new Method[0];
        }
    }

    /**
     * What answered the request ({@code status}) in place of a handler, as the attempt log names it; {@code null}
     * when a handler did, or when the host does not say (a filter that answered itself, a servlet
     * of the application: each is the handler).
     */
    static String answeredElsewhere(HttpServletRequest request, int status) {
        Object reached = request.getAttribute(SERVLET_REACHED);
        if (Kind.CONTAINER_DEFAULT.name().equals(reached)) {
            return "the container's default servlet";
        }
        // A router's own answer to a request it has no handler for is 404 or 405. Asked only of
        // those, a framework that says nothing (an older version, an adapter not applied) never
        // has a handler's answer taken for its own.
        if (status != 404 && status != 405) {
            return null;
        }
        if (Kind.SPRING_MVC.name().equals(reached) && !springMatchedAHandler(request)) {
            return "Spring MVC, which matched no handler,";
        }
        if (Kind.JAXRS.name().equals(reached) && request.getAttribute(Bridge.RESOURCE_METHOD_REACHED) == null) {
            return "the JAX-RS runtime, which matched no resource method,";
        }
        if (Kind.JAXRS_BY_PATH.name().equals(reached)) {
            return "the JAX-RS runtime, matching no resource method,";
        }
        return null;
    }

    private static boolean springMatchedAHandler(HttpServletRequest request) {
        if (request.getAttribute(SPRING_PATTERN) == null) {
            return false;
        }
        Object handler = request.getAttribute(SPRING_HANDLER);
        if (handler == null) {
            return true;
        }
        for (Class<?> type = handler.getClass(); type != null; type = type.getSuperclass()) {
            if (SPRING_NOT_HANDLERS.contains(type.getName())) {
                return false;
            }
        }
        return true;
    }
}
