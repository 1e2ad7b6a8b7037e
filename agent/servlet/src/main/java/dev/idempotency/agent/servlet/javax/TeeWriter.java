package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import java.io.PrintWriter;
import java.nio.charset.Charset;

/**
 * Forwards characters to the container's own writer (so its buffering, encoding and flushing on
 * completion stay as they were) and keeps their encoded copy.
 */
final class TeeWriter extends PrintWriter {

    private final PrintWriter client;
    private final ResponseBodyCopy copy;
    private final Charset charset;
    private final StringBuilder pending = new StringBuilder();

    TeeWriter(PrintWriter client, ResponseBodyCopy copy, Charset charset) {
        super(client);
        this.client = client;
        this.copy = copy;
        this.charset = charset;
    }

    @Override
    public void write(int c) {
        client.write(c);
        keep(String.valueOf((char) c));
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
        client.write(buffer, offset, length);
        keep(new String(buffer, offset, length));
    }

    @Override
    public void write(String text, int offset, int length) {
        client.write(text, offset, length);
        keep(text.substring(offset, offset + length));
    }

    /** PrintWriter writes line separators straight to the wrapped writer; route them through the copy. */
    @Override
    public void println() {
        write(System.lineSeparator());
    }

    @Override
    public void flush() {
        client.flush();
    }

    @Override
    public void close() {
        flushCopy();
        client.close();
    }

    @Override
    public boolean checkError() {
        boolean error = client.checkError();
        if (error) {
            copy.clientGone();
        }
        return error;
    }

    /** Encodes characters in chunks so a surrogate pair split across writes still encodes right. */
    private synchronized void keep(String text) {
        pending.append(text);
        if (pending.length() >= 4096) {
            flushCopy();
        }
    }

    synchronized void flushCopy() {
        if (pending.length() == 0) {
            return;
        }
        int end = pending.length();
        if (Character.isHighSurrogate(pending.charAt(end - 1))) {
            end--;
        }
        byte[] encoded = pending.substring(0, end).getBytes(charset);
        copy.write(encoded, 0, encoded.length);
        pending.delete(0, end);
    }
}
