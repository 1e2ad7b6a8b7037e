package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.CopyingOutputStream;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import java.io.IOException;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;

/** The servlet face of {@link CopyingOutputStream}. */
final class TeeOutputStream extends ServletOutputStream {

    private final ServletOutputStream client;
    private final CopyingOutputStream tee;

    TeeOutputStream(ServletOutputStream client, ResponseBodyCopy copy) {
        this.client = client;
        this.tee = new CopyingOutputStream(client, copy);
    }

    @Override
    public void write(int b) throws IOException {
        tee.write(b);
    }

    @Override
    public void write(byte[] buffer, int offset, int length) throws IOException {
        tee.write(buffer, offset, length);
    }

    @Override
    public void flush() throws IOException {
        tee.flush();
    }

    @Override
    public void close() throws IOException {
        tee.close();
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
