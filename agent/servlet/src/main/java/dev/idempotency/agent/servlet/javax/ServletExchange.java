package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.ExchangeStart;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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

    /** The request attribute holding the end of an exchange begun further in ({@link #endBegunFurtherIn}). */
    private static final String BEGUN_FURTHER_IN = "dev.idempotency.agent.exchange-begun-further-in";

    private final BufferedRequest request;
    private final CapturingResponse response;
    private final Execution execution;
    private final boolean answered;
    private final AtomicBoolean finished = new AtomicBoolean();

    ServletExchange(BufferedRequest request, CapturingResponse response, Execution execution, boolean answered) {
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
        if (!(rawRequest instanceof HttpServletRequest)
                || !(rawResponse instanceof HttpServletResponse)
                || rawRequest.getDispatcherType() != DispatcherType.REQUEST) {
            return null;
        }
        return ExchangeStart.begin(new ServletHost((HttpServletRequest) rawRequest, (HttpServletResponse) rawResponse,
                entryPoint, cxfDestination));
    }

    /**
     * The exchange of a request the application is to run: the verdict's headers added to
     * {@code response} and, when the verdict claimed the request, the request given the body the
     * core read ({@code readAhead}, {@code null} when it read none) and the response captured for the
     * execution, finished when the application has given the container the whole response.
     */
    static ServletExchange observe(HttpServletRequest request, HttpServletResponse response, RequestBody readAhead,
            Verdict verdict) {
        verdict.addHeadersTo(new ResponseHeaderSetters(response));
        Execution execution = verdict.execution();
        if (execution == null) {
            // Unobserved (fail-open): only the body the agent read must still reach the application.
            BufferedRequest buffered = readAhead != null ? new BufferedRequest(request, readAhead, null) : null;
            return new ServletExchange(buffered, null, null, false);
        }
        CapturingResponse capturing = new CapturingResponse(response, execution.responseCaptureLimit());
        BufferedRequest buffered = new BufferedRequest(request, readAhead, capturing);
        ServletExchange exchange = new ServletExchange(buffered, capturing, execution, false);
        buffered.beforeAsyncComplete(() -> exchange.finish(null));
        capturing.onEnd(exchange::responseEnded);
        return exchange;
    }

    /**
     * Ends, on the method exit of an entry further out ({@code thrown}: what it threw), the exchange
     * an adapter further in began on {@code request} and left there ({@link #leaveToEntryFurtherOut}):
     * the Apache CXF JAX-RS adapter's, whose answer may be written after that adapter's method has
     * returned, or never closed when the application throws past CXF.
     */
    public static void endBegunFurtherIn(ServletRequest request, Throwable thrown) {
        Object exchange = request.getAttribute(BEGUN_FURTHER_IN);
        if (exchange instanceof Consumer) {
            request.removeAttribute(BEGUN_FURTHER_IN);
            @SuppressWarnings("unchecked")
            Consumer<Throwable> end = (Consumer<Throwable>) exchange;
            end.accept(thrown);
        }
    }

    /**
     * Leaves this exchange's end to the entry further out ({@link #endBegunFurtherIn}). A JDK type
     * crosses the loaders: the two adapters are copies of this class in different packages.
     */
    void leaveToEntryFurtherOut(ServletRequest request) {
        Consumer<Throwable> end = this::end;
        request.setAttribute(BEGUN_FURTHER_IN, end);
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
     * The application gave the container the whole response (see
     * {@link dev.idempotency.agent.bootstrap.body.ResponseEnd}). A close
     * from inside an include is the included resource's, not the end of the response: the
     * including one may write on, and its own end, or the method exit, finishes the exchange.
     */
    void responseEnded() {
        if (!request.insideInclude()) {
            finish(null);
        }
    }

    /**
     * Once, whichever is first: when the application has given the container the whole response,
     * on method exit, before an async {@code complete()}, or on the async listener. A request the
     * host answered without a handler ({@link HostDispatch#answeredElsewhere}) releases its key.
     */
    void finish(Throwable failure) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        int status = response.getStatus();
        String answeredBy = failure == null ? HostDispatch.answeredElsewhere(request, status) : null;
        if (answeredBy != null) {
            execution.routedElsewhere(status, answeredBy);
            response.releaseContentLength();
            return;
        }
        Execution.report(execution, () -> response.captured(failure), failure, response::clientGone);
        if (failure == null) {
            response.releaseContentLength();
        }
    }
}
