package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import java.io.IOException;
import java.io.InputStream;

/**
 * A host's request as every adapter shows it to the core: the routed path and the entry point the
 * adapter found, and the body read at most once, when the core asks, and kept for the adapter to
 * hand back to the application. Adapters supply the runtime's method, headers, query, principal,
 * length and body stream.
 */
public abstract class HostRequestView implements RequestView {

    private final String path;
    private final Class<?> entryPoint;
    private RequestBody readAhead;

    /**
     * @param path       the path the host routed (see {@link RequestView#path()})
     * @param entryPoint the class the host handed the request to (see {@link RequestView#entryPoint()})
     */
    protected HostRequestView(String path, Class<?> entryPoint) {
        this.path = path;
        this.entryPoint = entryPoint;
    }

    @Override
    public final String path() {
        return path;
    }

    @Override
    public final Class<?> entryPoint() {
        return entryPoint;
    }

    /** The runtime's request body stream; called at most once. */
    protected abstract InputStream openBody() throws IOException;

    @Override
    public final byte[] body(int limit) throws IOException {
        if (readAhead == null) {
            readAhead = RequestBody.read(openBody(), limit, contentLength());
        }
        return readAhead.complete() ? readAhead.bytes() : null;
    }

    /** The body read so far, or {@code null} when the core did not ask for it. */
    public final RequestBody readAhead() {
        return readAhead;
    }
}
