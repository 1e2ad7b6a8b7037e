package dev.idempotency.agent.core.downstream;

/**
 * One unsafe call a protected execution sent: its method, its target ({@code host:port}), the
 * client that sent it; when keyed, its ordinal among the execution's keyed calls to that target
 * (from 1), the key, and what was left of the client's deadline when it was sent; when it left
 * without a key, the hand-off that kept it from one.
 */
public final class DownstreamCall {

    private final String method;
    private final String target;
    private final int ordinal;
    private final String key;
    private final Long remainingDeadlineMillis;
    private final String client;
    private final String unkeyedBy;

    public DownstreamCall(String method, String target, int ordinal, String key) {
        this(method, target, ordinal, key, null, null);
    }

    public DownstreamCall(String method, String target, int ordinal, String key, Long remainingDeadlineMillis,
            String client) {
        this(method, target, ordinal, key, remainingDeadlineMillis, client, null);
    }

    private DownstreamCall(String method, String target, int ordinal, String key, Long remainingDeadlineMillis,
            String client, String unkeyedBy) {
        this.method = method;
        this.target = target;
        this.ordinal = ordinal;
        this.key = key;
        this.remainingDeadlineMillis = remainingDeadlineMillis;
        this.client = client;
        this.unkeyedBy = unkeyedBy;
    }

    /** A call sent without a key by {@code client} because of {@code handOff}. */
    public static DownstreamCall unkeyed(String method, String target, String client, String handOff) {
        return new DownstreamCall(method, target, 0, null, null, client, handOff);
    }

    public String method() { return method; }
    /** {@code host:port}, the host in lower case. */
    public String target() { return target; }
    /** Among the execution's keyed calls to the target, from 1; 0 for a call without a key. */
    public int ordinal() { return ordinal; }
    /** The derived key the call carried, or {@code null}: it left without one. */
    public String key() { return key; }
    /** Milliseconds left of the client's deadline when the call was sent (zero or less: sent after it), or {@code null}. */
    public Long remainingDeadlineMillis() { return remainingDeadlineMillis; }
    /** The HTTP client that sent it ({@code OkHttp}, {@code Spring WebClient}, ...), or {@code null}. */
    public String client() { return client; }
    /** Why it left without a key (the thread it ran on), or {@code null}: it carried one. */
    public String unkeyedBy() { return unkeyedBy; }

    @Override
    public String toString() {
        return method + " " + target + (key == null ? " unkeyed" : " #" + ordinal);
    }
}
