package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.HeaderTarget;
import dev.idempotency.agent.bootstrap.Verdict;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.servlet.DispatcherType;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * One request to a declared endpoint, from the outermost servlet or filter call to the end of the
 * response: when the application closes the response or writes its declared length (a
 * {@code forward} closes it too), else on method exit, or on the async listener.
 */
public final class ServletExchange {

    /** Set on the request by the outermost call; nested filters, servlets and dispatches see it and stay out. */
    static final String MARKER = Bridge.REQUEST_MARKER;
    /** Set on a request once told to the gate as undeclared: the filters and servlet after the first stay out. */
    static final String UNDECLARED_MARKER = "dev.idempotency.agent.undeclared";

    private final BufferedRequest request;
    private final CapturingResponse response;
    private final Execution execution;
    private final boolean answered;
    private final AtomicBoolean finished = new AtomicBoolean();

    private ServletExchange(BufferedRequest request, CapturingResponse response, Execution execution, boolean answered) {
        this.request = request;
        this.response = response;
        this.execution = execution;
        this.answered = answered;
    }

    /**
     * Returns {@code null} when this call is not the outermost call of a declared endpoint.
     * {@code entryPoint} is the servlet or filter class whose advised method was called.
     */
    public static ServletExchange begin(ServletRequest rawRequest, ServletResponse rawResponse, Class<?> entryPoint) {
        return begin(rawRequest, rawResponse, entryPoint, null);
    }

    /**
     * As {@link #begin(ServletRequest, ServletResponse, Class)}, for a request an Apache CXF HTTP
     * destination ({@code destination}, the entry point) is about to serve: its path below the
     * destination's address is matched too, as a JAX-RS path.
     */
    public static ServletExchange beginAtCxfDestination(HttpServletRequest request, HttpServletResponse response,
            Object destination) {
        return begin(request, response, destination.getClass(), destination);
    }

    private static ServletExchange begin(ServletRequest rawRequest, ServletResponse rawResponse, Class<?> entryPoint,
            Object cxfDestination) {
        Gate gate = Bridge.gate();
        if (gate == null
                || !(rawRequest instanceof HttpServletRequest)
                || !(rawResponse instanceof HttpServletResponse)
                || rawRequest.getDispatcherType() != DispatcherType.REQUEST
                || rawRequest.getAttribute(MARKER) != null) {
            return null;
        }
        HttpServletRequest http = (HttpServletRequest) rawRequest;
        HttpServletResponse httpResponse = (HttpServletResponse) rawResponse;
        String path = ServletRequestView.routedPath(http);
        Object route = gate.route(http.getMethod(), http.getContextPath(), path);
        if (route == null) {
            route = cxfDestination == null ? JaxrsDispatchers.route(gate, http)
                    : CxfDestinations.route(gate, http, path, cxfDestination);
        }
        if (route == null) {
            if (Gate.changesState(http.getMethod()) && http.getAttribute(UNDECLARED_MARKER) == null
                    && (cxfDestination != null || !JaxrsDispatchers.resourceMethodsSeenAt(http))) {
                http.setAttribute(UNDECLARED_MARKER, Boolean.TRUE);
                undeclared(gate, new ServletRequestView(http, path, entryPoint));
            }
            return null;
        }
        http.setAttribute(MARKER, Boolean.TRUE);
        try {
            ServletRequestView view = new ServletRequestView(http, path, entryPoint);
            Verdict verdict = gate.begin(route, view);
            if (!verdict.proceeds()) {
                answer(httpResponse, verdict);
                return new ServletExchange(null, null, null, true);
            }
            verdict.addHeadersTo(new HeaderSetters(httpResponse));
            Execution execution = verdict.execution();
            if (execution == null) {
                // Unobserved (fail-open): only the body the agent read must still reach the application.
                BufferedRequest buffered = view.readAhead() != null ? new BufferedRequest(http, view.readAhead(), null) : null;
                return new ServletExchange(buffered, null, null, false);
            }
            CapturingResponse capturing = new CapturingResponse(httpResponse, execution.responseCaptureLimit());
            BufferedRequest buffered = new BufferedRequest(http, view.readAhead(), capturing);
            ServletExchange exchange = new ServletExchange(buffered, capturing, execution, false);
            buffered.beforeAsyncComplete(() -> exchange.finish(null));
            capturing.onEnd(exchange::responseEnded);
            return exchange;
        } catch (Throwable failure) {
            // The gate never throws; this is the adapter failing. Run the application as if the
            // agent were absent rather than break the host.
            gate.adapterFailure("servlet adapter", failure);
            return null;
        }
    }

    /**
     * Tells the gate of a state-changing request no declaration matched, for {@code discover}: once
     * per request, and not when a JAX-RS runtime's dispatcher servlet takes it and the JAX-RS adapter
     * tells it by the resource method it reaches, the form an operator declares it in.
     */
    private static void undeclared(Gate gate, ServletRequestView view) {
        try {
            gate.undeclared(view, null, null);
        } catch (Throwable failure) {
            gate.adapterFailure("servlet adapter", failure);
        }
    }

    public boolean answered() {
        return answered;
    }

    /** The request the application must see, or the original one when nothing needs replaying. */
    public ServletRequest request(ServletRequest original) {
        return request != null ? request : original;
    }

    public ServletResponse response(ServletResponse original) {
        return response != null ? response : original;
    }

    // Methods called from advice are public: advice code is inlined into the container's classes.

    /** Called on method exit, normal or exceptional. */
    public void end(Throwable thrown) {
        if (answered || execution == null) {
            return;
        }
        BufferedRequest current = request;
        if (current != null && current.isAsyncStarted()) {
            current.getAsyncContext().addListener(new AsyncCompletion(this));
            return;
        }
        finish(thrown);
    }

    /**
     * The application gave the container the whole response (see {@link ResponseEnd}). A close
     * from inside an include is the included resource's, not the end of the response: the
     * including one may write on, and its own end, or the method exit, finishes the exchange.
     */
    private void responseEnded() {
        if (!request.insideInclude()) {
            finish(null);
        }
    }

    /**
     * Once, whichever is first: when the application has given the container the whole response,
     * on method exit, before an async {@code complete()}, or on the async listener.
     */
    void finish(Throwable failure) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        Execution.report(execution, () -> response.captured(failure), failure, response::clientGone);
        if (failure == null) {
            response.releaseContentLength();
        }
    }

    /**
     * Writes the agent's answer, or, when that fails, the agent's 500: the application never runs
     * in place of an answer the agent decided on. The gate hears which the client received: when
     * the container had already answered (a stalled body's 408, which Tomcat writes itself), that
     * answer.
     */
    private static void answer(HttpServletResponse response, Verdict verdict) {
        try {
            if (response.isCommitted()) {
                tellWhatTheHostSent(response.getStatus(), verdict);
                return;
            }
            respond(response, verdict);
            verdict.delivered();
        } catch (Throwable failure) {
            verdict.notDelivered(respondWithFailure(response, verdict), failure);
        }
    }

    private static void tellWhatTheHostSent(int sent, Verdict verdict) {
        if (sent == verdict.status()) {
            verdict.delivered();
        } else {
            verdict.notDelivered(sent, new IllegalStateException("the container had answered " + sent
                    + " before the agent could answer " + verdict.status()));
        }
    }

    /** The agent's 500 with the most basic calls the servlet API has; the status sent, or 0 when none could be. */
    private static int respondWithFailure(HttpServletResponse response, Verdict verdict) {
        try {
            if (response.isCommitted()) {
                return 0;
            }
            response.reset();
            response.setStatus(Verdict.FAILURE_STATUS);
            response.setContentType(Verdict.PROBLEM_CONTENT_TYPE);
            response.getOutputStream().write(verdict.failureBody());
            response.flushBuffer();
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

    private static void respond(HttpServletResponse response, Verdict verdict) throws IOException {
        response.resetBuffer();
        response.setStatus(verdict.status());
        verdict.addHeadersTo(new HeaderSetters(response));
        byte[] body = verdict.body();
        if (body != null) {
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
        response.flushBuffer();
    }

    /** The response's own setters: a name's first value replaces what it holds, {@code Content-Type} included. */
    private static final class HeaderSetters implements HeaderTarget {

        private final HttpServletResponse response;

        HeaderSetters(HttpServletResponse response) {
            this.response = response;
        }

        @Override
        public void set(String name, String value) {
            if ("Content-Type".equalsIgnoreCase(name)) {
                response.setContentType(value);
            } else {
                response.setHeader(name, value);
            }
        }

        @Override
        public void add(String name, String value) {
            response.addHeader(name, value);
        }
    }
}
