package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.CopyingOutputStream;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.jboss.resteasy.core.ResourceMethodInvoker;
import org.jboss.resteasy.spi.HttpRequest;
import org.jboss.resteasy.spi.HttpResponse;
import org.jboss.resteasy.spi.ResourceInvoker;

/**
 * One matched RESTEasy request to a declared endpoint, from the dispatch to the end of its
 * response: when RESTEasy reports it written, or when an exception escapes the dispatcher. The response's output stream
 * is replaced by a tee, so the copy holds the entity after RESTEasy's writers and interceptors.
 */
public final class ResteasyExchange {

    /**
     * The claimed requests, found again when a response of theirs is written. Not kept in the
     * request's attributes: RESTEasy's JDK HTTP server keeps those in the server's
     * {@code HttpContext}, shared by all its requests. Left when the exchange finishes (a servlet
     * container's response holds its request, so the weak keys alone would not let it go); weak
     * keys for an exchange that never finishes elsewhere.
     */
    private static final Map<HttpRequest, ResteasyExchange> CLAIMED = Collections.synchronizedMap(new WeakHashMap<>());

    private final HttpRequest request;
    private final HttpResponse response;
    private final Execution execution;
    private final ResponseBodyCopy copy;
    private final boolean answered;
    private final AtomicBoolean finished = new AtomicBoolean();

    private ResteasyExchange(HttpRequest request, HttpResponse response, Execution execution, ResponseBodyCopy copy,
            boolean answered) {
        this.request = request;
        this.response = response;
        this.execution = execution;
        this.copy = copy;
        this.answered = answered;
    }

    /** Returns {@code null} when the request is not the agent's (undeclared, or already taken by a servlet). */
    public static ResteasyExchange begin(HttpRequest request, HttpResponse response, ResourceInvoker invoker) {
        Gate gate = Bridge.gate();
        if (gate == null || request.getAttribute(Bridge.REQUEST_MARKER) != null) {
            return null;
        }
        String path = ResteasyRequestView.routedPath();
        if (path == null) {
            return null;
        }
        Method method = invoker.getMethod();
        Class<?> resource = invoker instanceof ResourceMethodInvoker
                ? ((ResourceMethodInvoker) invoker).getResourceClass() : method.getDeclaringClass();
        Route route = gate.routeResourceMethod(resource, method, request.getHttpMethod(), path);
        if (route == null) {
            if (Gate.changesState(request.getHttpMethod())) {
                undeclared(gate, request, path, resource, method);
            }
            return null;
        }
        try {
            ResteasyRequestView view = new ResteasyRequestView(request, path, resource);
            Verdict verdict = gate.begin(route, view);
            if (view.readAhead() != null) {
                request.setInputStream(view.readAhead().replay());
            }
            if (!verdict.proceeds()) {
                answer(response, verdict);
                return new ResteasyExchange(request, response, null, null, true);
            }
            verdict.addHeadersTo(response.getOutputHeaders()::add);
            Execution execution = verdict.execution();
            ResteasyExchange exchange = new ResteasyExchange(request, response, execution, capture(response, execution),
                    false);
            CLAIMED.put(request, exchange);
            return exchange;
        } catch (Throwable failure) {
            // The gate never throws; this is the adapter failing. Run the method as if the agent were absent.
            gate.adapterFailure("jaxrs-resteasy adapter", failure);
            return null;
        }
    }

    /** Tells the gate of a state-changing request no declaration matched, for {@code discover}. */
    private static void undeclared(Gate gate, HttpRequest request, String path, Class<?> resource, Method method) {
        try {
            gate.undeclared(new ResteasyRequestView(request, path, resource), resource, method);
        } catch (Throwable failure) {
            gate.adapterFailure("jaxrs-resteasy adapter", failure);
        }
    }

    /**
     * The completion callback RESTEasy runs once a response of this request is written, extended to
     * finish the exchange first; the callback itself when the request is not the agent's.
     */
    public static Consumer<Throwable> finishingWhenWritten(HttpRequest request, Consumer<Throwable> onComplete) {
        ResteasyExchange claimed = request == null ? null : CLAIMED.get(request);
        if (claimed == null) {
            return onComplete;
        }
        return failure -> {
            claimed.finish(failure);
            if (onComplete != null) {
                onComplete.accept(failure);
            }
        };
    }

    /** True when the agent answered and the resource method must not run. */
    public boolean answered() {
        return answered;
    }

    /** Called on method exit: an exception that escapes the dispatcher means no response was written. */
    public void end(Throwable thrown) {
        if (thrown != null) {
            finish(thrown);
        }
    }

    private void finish(Throwable failure) {
        if (execution == null || !finished.compareAndSet(false, true)) {
            return;
        }
        CLAIMED.remove(request);
        Execution.report(execution, () -> copy.captured(
                CapturedResponse.statusReceived(response.getStatus(), response.isCommitted(), failure),
                ResponseHeaders.asStrings(response.getOutputHeaders())), failure, copy::wasClientGone);
    }

    private static ResponseBodyCopy capture(HttpResponse response, Execution execution) throws IOException {
        if (execution == null) {
            return null;
        }
        ResponseBodyCopy copy = new ResponseBodyCopy(execution.responseCaptureLimit());
        OutputStream client = response.getOutputStream(); // lazy in every RESTEasy container: nothing is committed yet
        if (client != null) {
            response.setOutputStream(new CopyingOutputStream(client, copy));
        }
        return copy;
    }

    /**
     * Writes the agent's answer, or, when that fails, the agent's 500: the resource method never
     * runs in place of an answer the agent decided on. The gate hears which the client received.
     */
    private static void answer(HttpResponse response, Verdict verdict) {
        try {
            respond(response, verdict);
            verdict.delivered();
        } catch (Throwable failure) {
            verdict.notDelivered(respondWithFailure(response, verdict), failure);
        }
    }

    /** The agent's 500; the status sent, or 0 when none could be. */
    private static int respondWithFailure(HttpResponse response, Verdict verdict) {
        try {
            response.reset();
            response.setStatus(Verdict.FAILURE_STATUS);
            response.getOutputHeaders().putSingle("Content-Type", Verdict.PROBLEM_CONTENT_TYPE);
            response.getOutputStream().write(verdict.failureBody());
            return Verdict.FAILURE_STATUS;
        } catch (Throwable failure) {
            try {
                response.sendError(Verdict.FAILURE_STATUS);
                return Verdict.FAILURE_STATUS;
            } catch (Throwable last) {
                return 0;
            }
        }
    }

    private static void respond(HttpResponse response, Verdict verdict) throws IOException {
        response.setStatus(verdict.status());
        verdict.addHeadersTo(response.getOutputHeaders()::add);
        byte[] body = verdict.body();
        if (body != null && response.getOutputStream() != null) {
            response.getOutputStream().write(body);
        }
    }
}
