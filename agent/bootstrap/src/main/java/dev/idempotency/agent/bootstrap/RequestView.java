package dev.idempotency.agent.bootstrap;

import java.io.IOException;
import java.util.List;

/** A request as the core needs to see it, over whatever API the adapter instruments. */
public interface RequestView {

    String method();

    /**
     * The path the container or runtime routed, relative to the application's context (servlet
     * path plus path info; a JAX-RS runtime's path below its base URI), percent-escapes decoded,
     * without the query string. The core normalises it further (path parameters, {@code //},
     * dot segments, a trailing slash), so adapters pass what the host used, not the raw URI.
     */
    String path();

    /** All values of a header (case-insensitive name), in order; empty when absent. */
    List<String> headers(String name);

    /** The query string as received (not decoded), or {@code null} when the URI has none. */
    String rawQuery();

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

    /**
     * The class the host handed the request to, as the adapter saw it: the servlet or filter whose
     * advised method took it, or the resource class a JAX-RS runtime dispatched to. The agent's
     * status shows, per endpoint, where its requests really entered. {@code null} when unknown.
     */
    default Class<?> entryPoint() {
        return null;
    }
}
