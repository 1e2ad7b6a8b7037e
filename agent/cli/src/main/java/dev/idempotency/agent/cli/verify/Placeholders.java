package dev.idempotency.agent.cli.verify;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fills {@code {{uuid}}}, {@code {{seq}}} and {@code {{now}}} in a sample body, anew for every new
 * operation a run sends: a service whose data has a unique field (an e-mail address, an order
 * number) accepts the sample more than once only when each operation brings its own value.
 */
final class Placeholders {

    private final AtomicLong sequence = new AtomicLong();

    /** The sample with fresh values; a sample without placeholders comes back unchanged. */
    byte[] fill(byte[] sample) {
        String text = new String(sample, StandardCharsets.UTF_8);
        if (!text.contains("{{")) {
            return sample;
        }
        long seq = sequence.incrementAndGet();
        return text.replace("{{uuid}}", UUID.randomUUID().toString())
                .replace("{{seq}}", Long.toString(seq))
                .replace("{{now}}", Long.toString(System.currentTimeMillis()))
                .getBytes(StandardCharsets.UTF_8);
    }
}
