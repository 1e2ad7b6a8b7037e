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
    private final Runnable beforeClose;

    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy) {
        this(client, copy, null);
    }

    /**
     * {@code beforeClose} runs once the whole entity is copied, before the close reaches the
     * client: for containers that complete the response on that close (Grizzly under Jersey).
     */
    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy, Runnable beforeClose) {
        this.client = client;
        this.copy = copy;
        this.beforeClose = beforeClose;
    }

    @Override
    public void write(int b) throws IOException {
        copy.write(b);
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
            client.write(buffer, offset, length);
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
        if (beforeClose != null) {
            beforeClose.run();
        }
        try {
            client.close();
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }
}
