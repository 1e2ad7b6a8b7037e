package dev.idempotency.agent.bootstrap.body;

import dev.idempotency.agent.bootstrap.RequestView;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request view that reads the body at most once, when the core asks, and keeps it for the
 * adapter to hand back to the application. Adapters supply the runtime's stream and the rest.
 */
public abstract class ReadAheadRequestView implements RequestView {

    private RequestBody readAhead;

    /** The runtime's request body stream; called at most once. */
    protected abstract InputStream openBody() throws IOException;

    @Override
    public final byte[] body(int limit) throws IOException {
        if (readAhead == null) {
            readAhead = RequestBody.read(openBody(), limit);
        }
        return readAhead.complete() ? readAhead.bytes() : null;
    }

    /** The body read so far, or {@code null} when the core did not ask for it. */
    public final RequestBody readAhead() {
        return readAhead;
    }
}
