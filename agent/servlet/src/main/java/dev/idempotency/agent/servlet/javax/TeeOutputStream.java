package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import java.io.IOException;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;

/**
 * Copies first, then writes to the client, as {@code CopyingOutputStream} does: when the client
 * has gone, the outcome the application produced is still stored whole, and a failed client
 * write marks the client as gone. The write that completes the declared length, and the close,
 * first let the {@link ResponseEnd} store the outcome; that write is flushed.
 */
final class TeeOutputStream extends ServletOutputStream {

    private final ServletOutputStream client;
    private final ResponseBodyCopy copy;
    private final ResponseEnd end;

    TeeOutputStream(ServletOutputStream client, ResponseBodyCopy copy, ResponseEnd end) {
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

    @Override
    public boolean isReady() {
        return client.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        client.setWriteListener(listener);
    }
}
