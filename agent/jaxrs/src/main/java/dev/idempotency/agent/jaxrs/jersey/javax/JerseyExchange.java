package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import java.lang.reflect.Method;
import javax.ws.rs.core.Response;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.internal.process.RequestProcessingContext;
import org.glassfish.jersey.server.model.ResourceMethodInvoker;

/** Decides one matched Jersey request: pass it by, let it run under capture, or answer in its place. */
public final class JerseyExchange {

    private JerseyExchange() {
    }

    /**
     * Returns the agent's answer when the resource method must not run (a {@code ContainerResponse},
     * or, when none could be built, the exception to throw in the method's place), else
     * {@code null} (after putting the read-ahead body back and the capturing writer in place when
     * the request is claimed).
     */
    public static Object begin(ResourceMethodInvoker invoker, RequestProcessingContext context) {
        Gate gate = Bridge.gate();
        if (gate == null) {
            return null;
        }
        ContainerRequest request = context.request();
        if (request.getProperty(Bridge.REQUEST_MARKER) != null) {
            return null; // a servlet filter or servlet around Jersey already took this request
        }
        String path = JerseyRequestView.routedPath(request);
        Method method = invoker.getResourceMethod();
        Class<?> resource = invoker.getResourceClass() != null ? invoker.getResourceClass() : method.getDeclaringClass();
        Route route = gate.routeResourceMethod(resource, method, request.getMethod(), path);
        if (route == null) {
            if (Gate.changesState(request.getMethod())) {
                undeclared(gate, request, path, resource, method);
            }
            return null;
        }
        request.setProperty(Bridge.REQUEST_MARKER, Boolean.TRUE);
        try {
            JerseyRequestView view = new JerseyRequestView(request, path, resource);
            Verdict verdict = gate.begin(route, view);
            if (view.readAhead() != null) {
                request.setEntityStream(view.readAhead().replay());
            }
            if (!verdict.proceeds()) {
                return deliver(request, verdict);
            }
            request.setWriter(new CapturingResponseWriter(request.getResponseWriter(), verdict));
            return null;
        } catch (Throwable failure) {
            // The gate never throws; this is the adapter failing. Run the method as if the agent were absent.
            gate.adapterFailure("jaxrs-jersey adapter", failure);
            return null;
        }
    }

    /** Tells the gate of a state-changing request no declaration matched, for {@code discover}. */
    private static void undeclared(Gate gate, ContainerRequest request, String path, Class<?> resource, Method method) {
        try {
            gate.undeclared(new JerseyRequestView(request, path, resource), resource, method);
        } catch (Throwable failure) {
            gate.adapterFailure("jaxrs-jersey adapter", failure);
        }
    }

    /**
     * The agent's answer for Jersey to write; when it cannot be built, the agent's 500 with JAX-RS
     * 2.0's plainest calls; when even that fails, the exception Jersey answers with its own 500.
     */
    static Object deliver(ContainerRequest request, Verdict verdict) {
        try {
            ContainerResponse answer = answer(request, verdict);
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
    static ContainerResponse answer(ContainerRequest request, Verdict verdict) {
        Response.ResponseBuilder response = Response.status(new AnswerStatus(verdict));
        verdict.addHeadersTo(response::header);
        if (verdict.body() != null && verdict.body().length > 0) {
            response.entity(verdict.body());
        }
        return new ContainerResponse(request, response.build());
    }
}
