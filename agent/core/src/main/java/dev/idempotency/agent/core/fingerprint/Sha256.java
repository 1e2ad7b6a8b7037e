package dev.idempotency.agent.core.fingerprint;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 digests in the lower-case hex form the store keeps. */
public final class Sha256 {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Sha256() {
    }

    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM must provide SHA-256", e);
        }
    }

    public static String hex(byte[] input) {
        return toHex(newDigest().digest(input));
    }

    /** Lower-case hex of any bytes (a digest, a MAC). */
    public static String toHex(byte[] digest) {
        char[] out = new char[digest.length * 2];
        for (int i = 0; i < digest.length; i++) {
            out[2 * i] = HEX[(digest[i] >> 4) & 0xF];
            out[2 * i + 1] = HEX[digest[i] & 0xF];
        }
        return new String(out);
    }
}
