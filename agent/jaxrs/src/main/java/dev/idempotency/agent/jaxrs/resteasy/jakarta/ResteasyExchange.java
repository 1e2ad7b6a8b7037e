package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.body.CopyingOutputStream;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import dev.idempotency.agent.bootstrap.exchange.ExchangeStart;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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
        return ExchangeStart.begin(new ResteasyHost(request, response, invoker));
    }

    /** The agent answered: the resource method must not run. */
    static ResteasyExchange answered(HttpRequest request, HttpResponse response) {
        return new ResteasyExchange(request, response, null, null, true);
    }

    /**
     * The resource method runs: with an {@code execution}, its response is copied through a tee on
     * the response's output stream and the exchange is found again when RESTEasy has written it;
     * without one (fail-open) it runs unobserved.
     */
    static ResteasyExchange claimed(HttpRequest request, HttpResponse response, Execution execution) throws IOException {
        ResteasyExchange exchange = new ResteasyExchange(request, response, execution, capture(response, execution),
                false);
        CLAIMED.put(request, exchange);
        return exchange;
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
}
