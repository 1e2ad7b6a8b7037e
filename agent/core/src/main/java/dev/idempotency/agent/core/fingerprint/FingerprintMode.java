package dev.idempotency.agent.core.fingerprint;

/** How the request body enters the fingerprint. */
public enum FingerprintMode {
    /** The bytes as sent. */
    RAW,
    /** Parsed JSON, canonicalised: keys sorted, whitespace dropped, ignored fields removed. */
    JSON
}
