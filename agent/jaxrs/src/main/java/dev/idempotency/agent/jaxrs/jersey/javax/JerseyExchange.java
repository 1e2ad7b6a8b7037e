package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.ExchangeStart;
import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.bootstrap.exchange.ResourceMethodHost;
import javax.ws.rs.core.Response;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.internal.process.RequestProcessingContext;
import org.glassfish.jersey.server.model.ResourceMethodInvoker;

/**
 * Decides one matched Jersey request: pass it by, let it run under capture, or answer in its place.
 * The Jersey side of the begin sequence: routes by the resource method Jersey matched, marks the
 * request with a property, puts the read-ahead body back as the entity stream, answers with a
 * {@code ContainerResponse} of its own, or puts the capturing writer in place.
 */
public final class JerseyExchange extends ResourceMethodHost<Object> {

    private final ResourceMethodInvoker invoker;
    private final ContainerRequest request;
    private String path;

    private JerseyExchange(ResourceMethodInvoker invoker, ContainerRequest request) {
        this.invoker = invoker;
        this.request = request;
    }

    /**
     * Returns the agent's answer when the resource method must not run (a {@code ContainerResponse},
     * or, when none could be built, the exception to throw in the method's place), else
     * {@code null} (after putting the read-ahead body back and the capturing writer in place when
     * the request is claimed).
     */
    public static Object begin(ResourceMethodInvoker invoker, RequestProcessingContext context) {
        return ExchangeStart.begin(new JerseyExchange(invoker, context.request()));
    }

    /**
     * A servlet filter or servlet around Jersey may already have taken this request: it is told
     * that Jersey matched a resource method (Jersey keeps properties as the servlet request's
     * attributes), so its exchange knows a handler ran.
     */
    @Override
    public boolean mayTake() {
        if (request.getProperty(Bridge.REQUEST_MARKER) != null) {
            request.setProperty(Bridge.RESOURCE_METHOD_REACHED, Boolean.TRUE);
            return false;
        }
        return true;
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public Route route(Gate gate) {
        path = JerseyRequestView.routedPath(request);
        return routeResourceMethod(gate, invoker.getResourceClass(), invoker.getResourceMethod(), path);
    }

    @Override
    public void mark() {
        request.setProperty(Bridge.REQUEST_MARKER, Boolean.TRUE);
    }

    @Override
    public HostRequestView view() {
        return new JerseyRequestView(request, path, resourceClass());
    }

    @Override
    public void replay(RequestBody body) {
        request.setEntityStream(body.replay());
    }

    @Override
    public Object answer(Verdict verdict) {
        return deliver(request, verdict);
    }

    /** The capturing writer adds the verdict's headers and, for a claimed request, copies the response. */
    @Override
    public Object proceed(Verdict verdict) {
        request.setWriter(new CapturingResponseWriter(request.getResponseWriter(), verdict));
        return null;
    }

    /**
     * The agent's answer for Jersey to write; when it cannot be built, the agent's 500 with JAX-RS
     * 2.0's plainest calls; when even that fails, the exception Jersey answers with its own 500.
     */
    static Object deliver(ContainerRequest request, Verdict verdict) {
        try {
            ContainerResponse answer = agentResponse(request, verdict);
            verdict.delivered();
            return answer;
        } catch (Throwable failure) {
            try {
                ContainerResponse agentFailure = new ContainerResponse(request, Response.status(Verdict.FAILURE_STATUS)
                        .type(Verdict.PROBLEM_CONTENT_TYPE).entity(verdict.failureBody()).build());
                verdict.notDelivered(Verdict.FAILURE_STATUS, failure);
                return agentFailure;
            } catch (Throwable again) {
                verdict.notDelivered(Verdict.FAILURE_STATUS, failure);
                return new IllegalStateException("idempotency-agent-failure: the agent could not write its answer, "
                        + "so the resource method was not run", failure);
            }
        }
    }

    /** The agent's own answer (a replay, a refusal) in place of the resource method's response. */
    static ContainerResponse agentResponse(ContainerRequest request, Verdict verdict) {
        Response.ResponseBuilder response = Response.status(new AnswerStatus(verdict));
        verdict.addHeadersTo(response::header);
        if (verdict.body() != null && verdict.body().length > 0) {
            response.entity(verdict.body());
        }
        return new ContainerResponse(request, response.build());
    }
}
