package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
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
     * Returns the agent's answer when the resource method must not run, else {@code null} (after
     * putting the read-ahead body back and the capturing writer in place when the request is claimed).
     */
    public static ContainerResponse begin(ResourceMethodInvoker invoker, RequestProcessingContext context) {
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
        Object route = gate.routeResourceMethod(resource, method, request.getMethod(), path);
        if (route == null) {
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
                return answer(request, verdict);
            }
            request.setWriter(new CapturingResponseWriter(request.getResponseWriter(), verdict));
            return null;
        } catch (Throwable failure) {
            // The gate never throws; this is the adapter failing. Run the method as if the agent were absent.
            gate.adapterFailure("jaxrs-jersey adapter", failure);
            return null;
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
