package dev.idempotency.agent.core.scope;

/** The scope of one request, or the reason it could not be resolved. */
public final class ResolvedScope {

    private static final ResolvedScope GLOBAL = new ResolvedScope("", null);

    private final String value;
    private final String missingReason;

    private ResolvedScope(String value, String missingReason) {
        this.value = value;
        this.missingReason = missingReason;
    }

    static ResolvedScope global() {
        return GLOBAL;
    }

    static ResolvedScope of(String value) {
        return new ResolvedScope(value, null);
    }

    static ResolvedScope missing(String reason) {
        return new ResolvedScope(null, reason);
    }

    public boolean isResolved() {
        return value != null;
    }

    /** The scope as stored ({@code ""} for the whole service); {@code null} when missing. */
    public String value() {
        return value;
    }

    /** Which source was missing, in words; {@code null} when resolved. */
    public String missingReason() {
        return missingReason;
    }
}
