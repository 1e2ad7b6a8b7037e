package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.CopyingOutputStream;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import dev.idempotency.agent.bootstrap.body.ResponseEnd;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * Stands between Jersey and its container for one claimed request. Jersey hands every response
 * to this writer, synchronous or resumed from an {@code AsyncResponse}, after its message body
 * writers and writer interceptors: the copy holds the entity as it goes on the wire. It ends with
 * exactly one of {@code commit()} (written) or {@code failure()} (the container answers 500), and
 * so does the execution, unless the entity ends first: then the execution finishes there, because
 * containers complete the response with the entity's last byte of a known length (the JDK HTTP
 * server) or on the entity stream's close (Grizzly), before {@code commit()}, and a retry must not
 * find the key still in progress once the client has the answer.
 */
final class CapturingResponseWriter implements ContainerResponseWriter {

    private final ContainerResponseWriter container;
    /** {@code null} when the request runs unobserved (fail-open): only the headers are added. */
    private final Execution execution;
    private final Verdict verdict;
    private final ResponseBodyCopy copy;
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile int status;
    private volatile Map<String, List<String>> headers = Collections.emptyMap();

    /** {@code verdict} lets the request proceed; its headers are added to the response. */
    CapturingResponseWriter(ContainerResponseWriter container, Verdict verdict) {
        this.container = container;
        this.verdict = verdict;
        this.execution = verdict.execution();
        this.copy = execution == null ? null : new ResponseBodyCopy(execution.responseCaptureLimit());
    }

    @Override
    public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response) {
        verdict.addHeadersTo(response.getHeaders()::add);
        status = response.getStatus();
        Map<String, List<String>> written = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> header : response.getStringHeaders().entrySet()) {
            written.put(header.getKey(), new ArrayList<>(header.getValue()));
        }
        headers = written;
        OutputStream client = container.writeResponseStatusAndHeaders(contentLength, response);
        if (client == null || copy == null) {
            return client;
        }
        ResponseEnd end = new ResponseEnd();
        end.onEnd(() -> finish(null));
        end.declare(contentLength); // -1 when unknown: then the close ends the response
        return new CopyingOutputStream(client, copy, end);
    }

    @Override
    public void commit() {
        try {
            finish(null);
        } finally {
            container.commit();
        }
    }

    /** Jersey found no mapper for an exception: the container answers 500 unless the headers are out. */
    @Override
    public void failure(Throwable error) {
        try {
            finish(error);
        } finally {
            container.failure(error);
        }
    }

    @Override
    public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
        return container.suspend(timeOut, timeUnit, timeoutHandler);
    }

    @Override
    public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
        container.setSuspendTimeout(timeOut, timeUnit);
    }

    @Override
    public boolean enableResponseBuffering() {
        return container.enableResponseBuffering();
    }

    private void finish(Throwable failure) {
        if (execution == null || !finished.compareAndSet(false, true)) {
            return;
        }
        boolean committed = status != 0; // the status is kept as the headers go out
        Execution.report(execution,
                () -> copy.captured(CapturedResponse.statusReceived(status, committed, failure), headers), failure,
                copy::wasClientGone);
    }
}
