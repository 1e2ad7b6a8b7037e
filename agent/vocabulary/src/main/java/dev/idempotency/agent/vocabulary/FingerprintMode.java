package dev.idempotency.agent.vocabulary;

/** How the request body enters the fingerprint. */
public enum FingerprintMode {
    /** The bytes as sent. */
    RAW,
    /** Parsed and canonicalised: keys sorted, whitespace dropped, ignored fields removed. */
    JSON
}
