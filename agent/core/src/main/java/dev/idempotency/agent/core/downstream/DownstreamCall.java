package dev.idempotency.agent.core.downstream;

/**
 * One unsafe call a protected execution sent with a derived key: its method, its target
 * ({@code host:port}), its ordinal among the execution's keyed calls to that target (from 1), and
 * the key.
 */
public final class DownstreamCall {

    private final String method;
    private final String target;
    private final int ordinal;
    private final String key;

    public DownstreamCall(String method, String target, int ordinal, String key) {
        this.method = method;
        this.target = target;
        this.ordinal = ordinal;
        this.key = key;
    }

    public String method() { return method; }
    /** {@code host:port}, the host in lower case. */
    public String target() { return target; }
    public int ordinal() { return ordinal; }
    /** The derived key the call carried. */
    public String key() { return key; }

    @Override
    public String toString() {
        return method + " " + target + " #" + ordinal;
    }
}
