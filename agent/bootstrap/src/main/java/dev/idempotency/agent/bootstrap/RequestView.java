package dev.idempotency.agent.bootstrap;

import java.io.IOException;
import java.util.List;

/** A request as the core needs to see it, over whatever API the adapter instruments. */
public interface RequestView {

    String method();

    /** Path relative to the application's context, without the query string, not decoded. */
    String path();

    /** All values of a header (case-insensitive name), in order; empty when absent. */
    List<String> headers(String name);

    /** All values of a query parameter, decoded; empty when absent. */
    List<String> queryParameters(String name);

    /** The authenticated principal's name, or {@code null}. */
    String principal();

    /** Declared {@code Content-Length}, or -1 when unknown (chunked). */
    long contentLength();

    /**
     * Reads the whole body once and keeps it for the application. Returns {@code null} when the
     * body is larger than {@code limit} bytes; the bytes read so far are still kept, so the
     * application sees the full body if the request proceeds.
     */
    byte[] body(int limit) throws IOException;
}
