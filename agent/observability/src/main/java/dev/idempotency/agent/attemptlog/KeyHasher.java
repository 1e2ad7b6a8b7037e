package dev.idempotency.agent.attemptlog;

import dev.idempotency.agent.core.fingerprint.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Keys and scopes as the log writes them: as sent, or as {@code hmac:<hex HMAC-SHA256>} under the
 * configured secret. The same value always hashes the same, so operators can still follow one key
 * across attempts and instances that share the secret, and search for a key they know.
 */
final class KeyHasher {

    static final String PREFIX = "hmac:";
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec secret;

    private KeyHasher(SecretKeySpec secret) {
        this.secret = secret;
    }

    /** Hashes with {@code secret}; writes values as sent when it is null or empty. */
    static KeyHasher withSecret(String secret) {
        return new KeyHasher(secret == null || secret.isEmpty()
                ? null : new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
    }

    /** The value to log; {@code null} stays {@code null}, and the service-wide scope ({@code ""}) reveals nothing. */
    String apply(String value) {
        if (secret == null || value == null || value.isEmpty()) {
            return value;
        }
        return PREFIX + Sha256.toHex(mac().doFinal(value.getBytes(StandardCharsets.UTF_8)));
    }

    /** A fresh Mac per value: only the writer thread calls this, and init is cheap next to the line. */
    private Mac mac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(secret);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is part of every JDK", e);
        }
    }
}
