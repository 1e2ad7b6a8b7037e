package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.FailureAnswer;
import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.bootstrap.exchange.ResourceMethodHost;
import java.io.IOException;
import org.jboss.resteasy.core.ResourceMethodInvoker;
import org.jboss.resteasy.spi.HttpRequest;
import org.jboss.resteasy.spi.HttpResponse;
import org.jboss.resteasy.spi.ResourceInvoker;

/**
 * The RESTEasy side of the begin sequence, for one matched dispatch: routes by the resource method
 * RESTEasy matched, puts the read-ahead body back as the request's input stream, writes the
 * agent's answer to the response, or tees the response's output stream for the application.
 */
final class ResteasyHost extends ResourceMethodHost<ResteasyExchange> implements FailureAnswer.Writer {

    private final HttpRequest request;
    private final HttpResponse response;
    private final ResourceInvoker invoker;
    private String path;

    ResteasyHost(HttpRequest request, HttpResponse response, ResourceInvoker invoker) {
        this.request = request;
        this.response = response;
        this.invoker = invoker;
    }

    /**
     * Not when a servlet around RESTEasy took the request (it is told that RESTEasy matched a
     * resource method: RESTEasy keeps attributes as the servlet request's), nor outside a dispatch
     * (no routed path).
     */
    @Override
    public boolean mayTake() {
        if (request.getAttribute(Bridge.REQUEST_MARKER) != null) {
            request.setAttribute(Bridge.RESOURCE_METHOD_REACHED, Boolean.TRUE);
            return false;
        }
        path = ResteasyRequestView.routedPath();
        return path != null;
    }

    @Override
    public String method() {
        return request.getHttpMethod();
    }

    @Override
    public Route route(Gate gate) {
        Class<?> resource = invoker instanceof ResourceMethodInvoker
                ? ((ResourceMethodInvoker) invoker).getResourceClass() : null;
        return routeResourceMethod(gate, resource, invoker.getMethod(), path);
    }

    /**
     * Nothing: no adapter runs inside RESTEasy's dispatch, and RESTEasy's JDK HTTP server keeps
     * request attributes in the server's {@code HttpContext}, shared by all its requests, where a
     * marker would keep every later request out.
     */
    @Override
    public void mark() {
    }

    @Override
    public HostRequestView view() {
        return new ResteasyRequestView(request, path, resourceClass());
    }

    @Override
    public void replay(RequestBody body) {
        request.setInputStream(body.replay());
    }

    @Override
    public ResteasyExchange proceed(Verdict verdict) throws IOException {
        verdict.addHeadersTo(response.getOutputHeaders()::add);
        return ResteasyExchange.claimed(request, response, verdict.execution());
    }

    /**
     * Writes the agent's answer, or, when that fails, the agent's 500: the resource method never
     * runs in place of an answer the agent decided on. The gate hears which the client received.
     */
    @Override
    public ResteasyExchange answer(Verdict verdict) {
        try {
            respond(verdict);
            verdict.delivered();
        } catch (Throwable failure) {
            verdict.notDelivered(FailureAnswer.write(verdict, this), failure);
        }
        return ResteasyExchange.answered(request, response);
    }

    @Override
    public void writeWhole(int status, String contentType, byte[] body) throws IOException {
        response.reset();
        response.setStatus(status);
        response.getOutputHeaders().putSingle("Content-Type", contentType);
        response.getOutputStream().write(body);
    }

    @Override
    public void sendError(int status) throws IOException {
        response.sendError(status);
    }

    private void respond(Verdict verdict) throws IOException {
        response.setStatus(verdict.status());
        verdict.addHeadersTo(response.getOutputHeaders()::add);
        byte[] body = verdict.body();
        if (body != null && response.getOutputStream() != null) {
            response.getOutputStream().write(body);
        }
    }
}
