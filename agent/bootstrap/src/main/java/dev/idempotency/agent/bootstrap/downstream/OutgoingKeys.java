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
     * none), sent by {@code client} (its name, as an operator knows it), or {@code null} when this
     * call gets none: the execution has ended, the endpoint does not key calls to that target, or
     * the call runs where the execution's keys are not followed. A key returned counts the call: the
     * caller must send it.
     */
    String next(String client, String method, String url, String host, int port);

    /**
     * An unsafe call made for this execution leaves without a key: it runs on a thread whose work is
     * not followed ({@code handOff} says which and why). Reported, never thrown.
     */
    default void unkeyed(String client, String method, String url, String host, int port, String handOff) {
    }

    /**
     * The header the chain's deadline goes in beside a key (the endpoint's {@code deadline.header}),
     * or {@code null}: the execution has no deadline to pass down. A call that already carries it is
     * left as the application made it.
     */
    default String deadlineHeader() {
        return null;
    }

    /** The deadline's value for a call sent now, in the format the endpoint read it in; {@code null} without one. */
    default String deadline() {
        return null;
    }
}
