package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import javax.servlet.http.HttpServletRequest;

/**
 * Apache CXF's HTTP destinations as the servlet adapter sees them. A JAX-RS declaration is relative
 * to the application root, which for CXF is the path of the endpoint's address
 * ({@code http://0.0.0.0:8080/api}): CXF matches its resources against the request's path below
 * that base path. On CXF's own Jetty transport, the Jetty context is only the address's path up
 * to its last segment ({@code ""} for {@code /api}), so the container's paths say nothing of the
 * root; the destination's address does.
 *
 * <p>The address is read through CXF's public API by reflection ({@code getEndpointInfo().getAddress()}),
 * as the adapter is compiled against the servlet API alone.
 */
final class CxfDestinations {

    /** The instrumentation group whose advice hands this adapter CXF's destinations. */
    static final String GROUP = "cxf-javax";

    private CxfDestinations() {
    }

    /**
     * The endpoint declared for the request's path below the destination's base path, when the
     * request lies below it; {@code null} otherwise, or when the destination has no absolute address
     * (a servlet's destination before its first request: the servlet's own matching applies there).
     */
    static Route route(Gate gate, HttpServletRequest request, String routedPath, Object destination) {
        String base = basePath(gate, destination);
        if (base == null) {
            return null;
        }
        String contextPath = request.getContextPath();
        String path = (contextPath == null ? "" : contextPath) + routedPath;
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        if (base.isEmpty() || !path.startsWith(base + "/")) {
            return null; // at the server's root the servlet-form path is already the JAX-RS path
        }
        // no dispatcher to warn of: CXF's JAX-RS adapter sees the resource method behind a CXF 3 destination
        return gate.routeBelowDispatcher(request.getMethod(), routedPath, path.substring(base.length()), null);
    }

    /** The path of the destination's absolute address, {@code null} when it has none. */
    private static String basePath(Gate gate, Object destination) {
        try {
            Object endpointInfo = publicMethod(destination, "getEndpointInfo").invoke(destination);
            Object address = endpointInfo == null ? null : publicMethod(endpointInfo, "getAddress").invoke(endpointInfo);
            return address instanceof String ? new URL((String) address).getPath() : null;
        } catch (MalformedURLException relative) {
            return null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError unexpected) {
            // not the CXF this was written against: the servlet-form path alone, and the operator hears why
            gate.adapterFailure(GROUP + " adapter", unexpected);
            return null;
        }
    }

    private static Method publicMethod(Object target, String name) throws NoSuchMethodException {
        return target.getClass().getMethod(name);
    }
}
