package dev.idempotency.agent.core.fingerprint;

/** The SHA-256 of a request as hex, and whether a JSON body had to be taken raw. */
public final class Fingerprint {

    private final String hex;
    private final boolean fellBackToRaw;

    Fingerprint(String hex, boolean fellBackToRaw) {
        this.hex = hex;
        this.fellBackToRaw = fellBackToRaw;
    }

    public String hex() {
        return hex;
    }

    /** True when JSON mode was configured but the body did not parse, so its raw bytes were hashed. */
    public boolean fellBackToRaw() {
        return fellBackToRaw;
    }

    @Override
    public String toString() {
        return hex;
    }
}
