package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.ExchangeHost;
import dev.idempotency.agent.bootstrap.exchange.FailureAnswer;
import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import java.io.IOException;
import javax.servlet.Servlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The servlet side of the begin sequence, for the outermost call of a servlet, filter or Apache CXF
 * destination: routes by the servlet-form path (and by the path below a JAX-RS dispatcher's
 * mapping or a CXF destination's address), marks the request with an attribute, answers through
 * the response's own calls, or wraps request and response for the application.
 */
final class ServletHost implements ExchangeHost<ServletExchange>, FailureAnswer.Writer {

    /** Set on a request once told to the gate as undeclared: the filters and servlet after the first stay out. */
    static final String UNDECLARED_MARKER = "dev.idempotency.agent.undeclared";

    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private final Class<?> entryPoint;
    /** The CXF destination the request reached, or {@code null} at a servlet or filter. */
    private final Object cxfDestination;
    /** Whether the entry point is a servlet (else a filter, or a CXF destination). */
    private final boolean servlet;
    private String path;
    /** A declared path the container sends to its default servlet. */
    private boolean routedElsewhere;
    /** The body the core read, for the request wrapper; {@code null} when it read none. */
    private RequestBody readAhead;

    ServletHost(HttpServletRequest request, HttpServletResponse response, Class<?> entryPoint, Object cxfDestination) {
        this.request = request;
        this.response = response;
        this.entryPoint = entryPoint;
        this.cxfDestination = cxfDestination;
        this.servlet = cxfDestination == null && entryPoint != null && Servlet.class.isAssignableFrom(entryPoint);
    }

    /** The group that laid the advice: CXF's destinations run this adapter too. */
    @Override
    public String adapter() {
        return cxfDestination != null ? CxfDestinations.GROUP + " adapter" : ExchangeHost.super.adapter();
    }

    /**
     * Nested filters, servlets and dispatches see the outermost call's marker and stay out (the
     * first servlet among them is noted: it tells where the host sent the request). The
     * container's default servlet is no endpoint, whatever the path it was given.
     */
    @Override
    public boolean mayTake() {
        if (request.getAttribute(Bridge.REQUEST_MARKER) != null) {
            HostDispatch.reached(request, entryPoint);
            return false;
        }
        return !(servlet && HostDispatch.kindOf(entryPoint) == HostDispatch.Kind.CONTAINER_DEFAULT);
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    /**
     * The endpoint of the path the container routed, or of its extension form behind Spring MVC;
     * none when the container sends the request to its default servlet (which filters in front of
     * it cannot see, but the container's mapping names): another spelling of a declared path that
     * is not routed to its handler.
     */
    @Override
    public Route route(Gate gate) {
        path = ServletRequestView.routedPath(request);
        Route route = gate.route(request.getMethod(), request.getContextPath(), path);
        if (route == null) {
            route = cxfDestination == null ? JaxrsDispatchers.route(gate, request, path)
                    : CxfDestinations.route(gate, request, path, cxfDestination);
        }
        if (route == null) {
            return cxfDestination == null ? extensionForm(gate) : null;
        }
        if (!servlet && HostDispatch.mappedServlet(request) == HostDispatch.Kind.CONTAINER_DEFAULT) {
            routedElsewhere = true;
            return null;
        }
        return route;
    }

    /**
     * {@code /orders.json} for a declared {@code /orders}, when the container hands the request to
     * Spring MVC, whose suffix pattern match (on before Spring 5.3) runs {@code /orders}'s handler
     * for it. Where Spring does not match it, its answer says so and the key is released.
     */
    private Route extensionForm(Gate gate) {
        int dot = path.lastIndexOf('.');
        if (dot < path.lastIndexOf('/') || !Gate.changesState(request.getMethod())) {
            return null;
        }
        Route route = gate.routeExtensionForm(request.getMethod(), path);
        return route != null && HostDispatch.mappedServlet(request) == HostDispatch.Kind.SPRING_MVC ? route : null;
    }

    /**
     * Once per request, however many filters and servlets it passes; and not when a JAX-RS
     * runtime's dispatcher servlet or CXF's destination takes it and the JAX-RS adapter tells it by
     * the resource method it reaches, the form an operator declares it in.
     */
    @Override
    public boolean tellsUndeclared() {
        if (routedElsewhere || cxfDestination != null || request.getAttribute(UNDECLARED_MARKER) != null
                || JaxrsDispatchers.resourceMethodsSeenAt(request)) {
            return false;
        }
        request.setAttribute(UNDECLARED_MARKER, Boolean.TRUE);
        return true;
    }

    @Override
    public void mark() {
        request.setAttribute(Bridge.REQUEST_MARKER, Boolean.TRUE);
        if (cxfDestination != null) {
            HostDispatch.reachedCxfDestination(request);
        } else {
            HostDispatch.reached(request, entryPoint);
        }
    }

    @Override
    public HostRequestView view() {
        return new ServletRequestView(request, path, entryPoint);
    }

    /** Kept for the request wrapper: the container cannot give back a body it has handed out. */
    @Override
    public void replay(RequestBody body) {
        readAhead = body;
    }

    @Override
    public ServletExchange proceed(Verdict verdict) {
        return ServletExchange.observe(request, response, readAhead, verdict);
    }

    /**
     * Writes the agent's answer, or, when that fails, the agent's 500: the application never runs
     * in place of an answer the agent decided on. The gate hears which the client received: when
     * the container had already answered (a stalled body's 408, which Tomcat writes itself), that
     * answer.
     */
    @Override
    public ServletExchange answer(Verdict verdict) {
        try {
            if (response.isCommitted()) {
                tellWhatTheHostSent(response.getStatus(), verdict);
            } else {
                respond(verdict);
                verdict.delivered();
            }
        } catch (Throwable failure) {
            verdict.notDelivered(FailureAnswer.write(verdict, this), failure);
        }
        return new ServletExchange(null, null, null, true);
    }

    private static void tellWhatTheHostSent(int sent, Verdict verdict) {
        if (sent == verdict.status()) {
            verdict.delivered();
        } else {
            verdict.notDelivered(sent, new IllegalStateException("the container had answered " + sent
                    + " before the agent could answer " + verdict.status()));
        }
    }

    /** The response's own calls; nothing once the response is committed: the client has a status already. */
    @Override
    public void writeWhole(int status, String contentType, byte[] body) throws IOException {
        if (response.isCommitted()) {
            throw new IllegalStateException("the response is committed");
        }
        response.reset();
        response.setStatus(status);
        response.setContentType(contentType);
        response.getOutputStream().write(body);
        response.flushBuffer();
    }

    @Override
    public void sendError(int status) throws IOException {
        if (response.isCommitted()) {
            throw new IllegalStateException("the response is committed");
        }
        response.sendError(status);
    }

    private void respond(Verdict verdict) throws IOException {
        response.resetBuffer();
        response.setStatus(verdict.status());
        GrizzlyReasonPhrase.set(response, verdict.status(), verdict.reasonPhrase());
        verdict.addHeadersTo(new ResponseHeaderSetters(response));
        byte[] body = verdict.body();
        if (body != null) {
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
        response.flushBuffer();
    }
}
