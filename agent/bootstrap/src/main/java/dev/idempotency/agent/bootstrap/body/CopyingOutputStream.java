package dev.idempotency.agent.bootstrap.body;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Copies first, then writes to the client: when the client has gone (it timed out and closed the
 * connection), the outcome the application produced is still stored whole, so the retry replays it.
 * A failed client write marks the client as gone. The write that completes the declared length,
 * and the close, first let the {@link ResponseEnd} take the outcome; that write is flushed.
 */
public final class CopyingOutputStream extends OutputStream {

    private final OutputStream client;
    private final ResponseBodyCopy copy;
    private final ResponseEnd end;

    /** Without an end to tell: the adapter takes the outcome when its runtime says the response is done. */
    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy) {
        this(client, copy, new ResponseEnd());
    }

    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy, ResponseEnd end) {
        this.client = client;
        this.copy = copy;
        this.end = end;
    }

    @Override
    public void write(int b) throws IOException {
        copy.write(b);
        boolean completes = end.writing(1);
        try {
            client.write(b);
            if (completes) {
                client.flush();
            }
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        copy.write(buffer, offset, length);
        boolean completes = end.writing(length);
        try {
            client.write(buffer, offset, length);
            if (completes) {
                client.flush();
            }
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
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
        end.closing();
        try {
            client.close();
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }
}
