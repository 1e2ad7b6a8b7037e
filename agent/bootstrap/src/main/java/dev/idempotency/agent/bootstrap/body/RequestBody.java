package dev.idempotency.agent.bootstrap.body;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

/** The request bytes read ahead of the application, and the rest of the stream if reading stopped at the limit. */
public final class RequestBody {

    private final byte[] bytes;
    private final InputStream rest;

    private RequestBody(byte[] bytes, InputStream rest) {
        this.bytes = bytes;
        this.rest = rest;
    }

    /** Reads at most {@code limit + 1} bytes: one more than the limit tells a body that is too large. */
    public static RequestBody read(InputStream in, int limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 8192) + 1);
        if (in != null) {
            byte[] chunk = new byte[8192];
            int n;
            while (out.size() <= limit && (n = in.read(chunk, 0, Math.min(chunk.length, limit + 1 - out.size()))) > 0) {
                out.write(chunk, 0, n);
            }
        }
        boolean complete = out.size() <= limit;
        return new RequestBody(out.toByteArray(), complete ? null : in);
    }

    /** True when the whole body fitted within the limit. */
    public boolean complete() {
        return rest == null;
    }

    public byte[] bytes() {
        return bytes;
    }

    /** What the application reads: the buffered bytes, then whatever was left unread. */
    public InputStream replay() {
        InputStream head = new ByteArrayInputStream(bytes);
        return rest == null ? head : new SequenceInputStream(head, rest);
    }
}
