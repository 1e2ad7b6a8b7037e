package dev.idempotency.agent.core.key;

/** What the key header held: a usable key, nothing, or something unusable (with the reason in words). */
public final class ParsedKey {

    /** The three outcomes, kept apart because the contract answers them differently. */
    public enum Outcome { VALID, MISSING, INVALID }

    private static final ParsedKey MISSING = new ParsedKey(Outcome.MISSING, null, "no idempotency key header");

    private final Outcome outcome;
    private final String value;
    private final String reason;

    private ParsedKey(Outcome outcome, String value, String reason) {
        this.outcome = outcome;
        this.value = value;
        this.reason = reason;
    }

    static ParsedKey valid(String value) {
        return new ParsedKey(Outcome.VALID, value, null);
    }

    static ParsedKey missing() {
        return MISSING;
    }

    static ParsedKey invalid(String reason) {
        return new ParsedKey(Outcome.INVALID, null, reason);
    }

    public Outcome outcome() {
        return outcome;
    }

    public boolean isValid() {
        return outcome == Outcome.VALID;
    }

    /** The unquoted key; {@code null} unless valid. */
    public String value() {
        return value;
    }

    /** Why the key is missing or invalid; {@code null} when valid. */
    public String reason() {
        return reason;
    }
}
