package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.CopyingOutputStream;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import dev.idempotency.agent.bootstrap.body.ResponseEnd;
import java.io.IOException;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;

/** The container's stream as a {@link CopyingOutputStream}: copied first, and ended by the {@link ResponseEnd}. */
final class TeeOutputStream extends ServletOutputStream {

    private final ServletOutputStream client;
    private final CopyingOutputStream copying;

    TeeOutputStream(ServletOutputStream client, ResponseBodyCopy copy, ResponseEnd end) {
        this.client = client;
        this.copying = new CopyingOutputStream(client, copy, end);
    }

    @Override
    public void write(int b) throws IOException {
        copying.write(b);
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        copying.write(buffer, offset, length);
    }

    @Override
    public void flush() throws IOException {
        copying.flush();
    }

    @Override
    public void close() throws IOException {
        copying.close();
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
