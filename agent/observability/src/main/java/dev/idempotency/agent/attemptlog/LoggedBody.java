package dev.idempotency.agent.attemptlog;

import java.nio.charset.StandardCharsets;

/** A redacted body as logged: its text, cut to the cap, and whether it was cut. */
final class LoggedBody {

    final String content;
    final boolean truncated;

    private LoggedBody(String content, boolean truncated) {
        this.content = content;
        this.truncated = truncated;
    }

    /** Cuts {@code redacted} to at most {@code maxBytes} of UTF-8, never inside a character. */
    static LoggedBody capped(String redacted, int maxBytes) {
        byte[] bytes = redacted.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return new LoggedBody(redacted, false);
        }
        int cut = maxBytes;
        while (cut > 0 && (bytes[cut] & 0xC0) == 0x80) {
            cut--;
        }
        return new LoggedBody(new String(bytes, 0, cut, StandardCharsets.UTF_8), true);
    }
}
