package dev.idempotency.agent.core.downstream;

/**
 * One unsafe call a protected execution sent with a derived key: its method, its target
 * ({@code host:port}), its ordinal among the execution's keyed calls to that target (from 1), and
 * the key; and what was left of the client's deadline when it was sent.
 */
public final class DownstreamCall {

    private final String method;
    private final String target;
    private final int ordinal;
    private final String key;
    private final Long remainingDeadlineMillis;

    public DownstreamCall(String method, String target, int ordinal, String key) {
        this(method, target, ordinal, key, null);
    }

    public DownstreamCall(String method, String target, int ordinal, String key, Long remainingDeadlineMillis) {
        this.method = method;
        this.target = target;
        this.ordinal = ordinal;
        this.key = key;
        this.remainingDeadlineMillis = remainingDeadlineMillis;
    }

    public String method() { return method; }
    /** {@code host:port}, the host in lower case. */
    public String target() { return target; }
    public int ordinal() { return ordinal; }
    /** The derived key the call carried. */
    public String key() { return key; }
    /** Milliseconds left of the client's deadline when the call was sent (zero or less: sent after it), or {@code null}. */
    public Long remainingDeadlineMillis() { return remainingDeadlineMillis; }

    @Override
    public String toString() {
        return method + " " + target + " #" + ordinal;
    }
}
