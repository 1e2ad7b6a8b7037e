package dev.idempotency.agent.core.downstream;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key a downstream call carries: HMAC-SHA-256, keyed by the client's key, over the service,
 * the scope, the endpoint, the target ({@code host:port}) and the call's ordinal among the
 * execution's keyed calls to that target, each length-prefixed. A pure function: the same
 * execution order gives the same keys in any JVM, on every re-execution; any field that differs
 * gives another key; and the client's key cannot be read back from it.
 *
 * <p>Written as 43 characters of unpadded base64url, a token any {@code Idempotency-Key}
 * implementation accepts (this agent's own: visible ASCII, at most 255).
 */
public final class KeyDerivation {

    private static final String ALGORITHM = "HmacSHA256";
    /** Names this derivation, so no other use of the same HMAC can produce one of its keys. */
    private static final String PURPOSE = "idempotency-agent downstream key v1";

    private KeyDerivation() {
    }

    public static String derive(String service, String scope, String key, String endpoint, String target,
            int ordinal) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), ALGORITHM));
            for (String part : new String[] {PURPOSE, service, scope, endpoint, target}) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                mac.update(ByteBuffer.allocate(4).putInt(bytes.length).array());
                mac.update(bytes);
            }
            mac.update(ByteBuffer.allocate(4).putInt(ordinal).array());
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JVM must provide " + ALGORITHM, e);
        }
    }
}
