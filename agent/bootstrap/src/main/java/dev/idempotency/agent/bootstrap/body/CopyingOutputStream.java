package dev.idempotency.agent.bootstrap.body;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Copies first, then writes to the client: when the client has gone (it timed out and closed the
 * connection), the outcome the application produced is still stored whole, so the retry replays it.
 * A failed client write marks the client as gone.
 */
public final class CopyingOutputStream extends OutputStream {

    private final OutputStream client;
    private final ResponseBodyCopy copy;
    private final Runnable beforeEnd;
    private final long declaredLength;
    private long written;
    private boolean endAnnounced;

    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy) {
        this(client, copy, null, -1);
    }

    /**
     * {@code beforeEnd} runs once the whole entity is copied and before the client can have all of
     * it: before the last byte of {@code declaredLength} (when positive) goes out, else before the
     * close reaches the client. Containers complete a response of known length with its last byte
     * (the JDK HTTP server under Jersey) or a chunked one on the close (Grizzly under Jersey); a
     * retry must not find the key still in progress once the client has the answer.
     */
    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy, Runnable beforeEnd, long declaredLength) {
        this.client = client;
        this.copy = copy;
        this.beforeEnd = beforeEnd;
        this.declaredLength = declaredLength;
    }

    @Override
    public void write(int b) throws IOException {
        copy.write(b);
        if (completesDeclaredLength(1)) {
            announceEnd();
        }
        written++;
        try {
            client.write(b);
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        copy.write(buffer, offset, length);
        try {
            if (length > 0 && completesDeclaredLength(length)) {
                client.write(buffer, offset, length - 1);
                announceEnd();
                client.write(buffer, offset + length - 1, 1);
            } else {
                client.write(buffer, offset, length);
            }
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        } finally {
            written += length;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            client.flush();
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }

    @Override
    public void close() throws IOException {
        announceEnd();
        try {
            client.close();
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }

    private boolean completesDeclaredLength(int length) {
        return beforeEnd != null && declaredLength > 0 && written + length >= declaredLength;
    }

    private void announceEnd() {
        if (beforeEnd != null && !endAnnounced) {
            endAnnounced = true;
            beforeEnd.run();
        }
    }
}
