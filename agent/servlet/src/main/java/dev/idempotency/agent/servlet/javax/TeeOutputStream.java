package dev.idempotency.agent.servlet.javax;

import java.io.IOException;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;

/** Writes to the client first, then to the copy; a failed client write marks the client as gone. */
final class TeeOutputStream extends ServletOutputStream {

    private final ServletOutputStream client;
    private final BodyCopy copy;

    TeeOutputStream(ServletOutputStream client, BodyCopy copy) {
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

    @Override
    public boolean isReady() {
        return client.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        client.setWriteListener(listener);
    }
}
