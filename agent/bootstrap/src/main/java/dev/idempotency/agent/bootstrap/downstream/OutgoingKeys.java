package dev.idempotency.agent.bootstrap.downstream;

/**
 * The keys of the downstream calls one claimed execution makes, while it executes. Implemented by
 * the core; asked by the HTTP client advice on the thread that sends the call. Never throws.
 */
public interface OutgoingKeys {

    /** The header the key goes in; a call that already carries it is left as it is. */
    String header();

    /**
     * The key for the next unsafe call ({@code method}: POST, PUT, PATCH or DELETE) to {@code url},
     * whose host is {@code host} and port {@code port} (the scheme's default when the URL names
     * none), or {@code null} when this call gets none: the execution has ended, or the endpoint does
     * not key calls to that target. A key returned counts the call: the caller must send it.
     */
    String next(String method, String url, String host, int port);
}
