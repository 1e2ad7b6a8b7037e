package dev.idempotency.agent.bootstrap.body;

import java.io.IOException;
import java.io.OutputStream;

/** Writes to the client first, then to the copy; a failed client write marks the client as gone. */
public final class CopyingOutputStream extends OutputStream {

    private final OutputStream client;
    private final ResponseBodyCopy copy;

    public CopyingOutputStream(OutputStream client, ResponseBodyCopy copy) {
        this.client = client;
        this.copy = copy;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            client.write(b);
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
        copy.write(b);
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        try {
            client.write(buffer, offset, length);
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
        copy.write(buffer, offset, length);
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
        try {
            client.close();
        } catch (IOException gone) {
            copy.clientGone();
            throw gone;
        }
    }
}
