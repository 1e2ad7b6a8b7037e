package dev.idempotency.agent.bootstrap.body;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Arrays;

/** The request bytes read ahead of the application, and the rest of the stream if reading stopped at the limit. */
public final class RequestBody {

    private final byte[] bytes;
    private final InputStream rest;

    private RequestBody(byte[] bytes, InputStream rest) {
        this.bytes = bytes;
        this.rest = rest;
    }

    /** Where the buffer of a body of unknown length (chunked) starts; it doubles as the body comes. */
    static final int UNKNOWN_LENGTH_START = 1024;

    /**
     * Reads at most {@code limit + 1} bytes: one more than the limit tells a body that is too large.
     * The buffer is sized by {@code declaredLength} (the request's {@code Content-Length}, or -1 when
     * unknown), so a small body costs its own size, not a fixed chunk; a body longer than declared is
     * still read whole, up to the limit.
     */
    public static RequestBody read(InputStream in, int limit, long declaredLength) throws IOException {
        int most = limit == Integer.MAX_VALUE ? limit : limit + 1;
        byte[] buffer = new byte[declaredLength >= 0 ? (int) Math.min(declaredLength, most)
                : Math.min(most, UNKNOWN_LENGTH_START)];
        int size = 0;
        while (in != null && size < most) {
            if (size == buffer.length) {
                // full: one byte more, before growing, tells whether the body goes on
                int next = in.read();
                if (next < 0) {
                    break;
                }
                buffer = Arrays.copyOf(buffer, (int) Math.min(most, Math.max(UNKNOWN_LENGTH_START, 2L * size)));
                buffer[size++] = (byte) next;
                continue;
            }
            int n = in.read(buffer, size, buffer.length - size);
            if (n <= 0) {
                break;
            }
            size += n;
        }
        boolean complete = size <= limit;
        return new RequestBody(size == buffer.length ? buffer : Arrays.copyOf(buffer, size), complete ? null : in);
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
