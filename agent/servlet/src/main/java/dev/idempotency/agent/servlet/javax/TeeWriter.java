package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import dev.idempotency.agent.bootstrap.body.ResponseEnd;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;

/**
 * Forwards characters to the container's own writer (so its buffering, encoding and flushing on
 * completion stay as they were) and keeps their encoded copy. The copy is taken first, so the
 * {@link ResponseEnd} can take the outcome before the characters that complete the declared
 * length, or the close, reach the container; those characters are flushed.
 */
final class TeeWriter extends PrintWriter {

    private final PrintWriter client;
    private final ResponseBodyCopy copy;
    /** One encoder for the whole body, as the container's writer has: a byte order mark comes once. */
    private final CharsetEncoder encoder;
    private final ResponseEnd end;
    private final StringBuilder pending = new StringBuilder();

    TeeWriter(PrintWriter client, ResponseBodyCopy copy, Charset charset, ResponseEnd end) {
        super(client);
        this.client = client;
        this.copy = copy;
        this.encoder = charset.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        this.end = end;
    }

    @Override
    public void write(int c) {
        boolean completes = keep(String.valueOf((char) c));
        client.write(c);
        flushIf(completes);
    }

    @Override
    public void write(char[] buffer, int offset, int length) {
        boolean completes = keep(new String(buffer, offset, length));
        client.write(buffer, offset, length);
        flushIf(completes);
    }

    @Override
    public void write(String text, int offset, int length) {
        boolean completes = keep(text.substring(offset, offset + length));
        client.write(text, offset, length);
        flushIf(completes);
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
        end.closing();
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

    /**
     * Encodes characters in chunks so a surrogate pair split across writes still encodes right;
     * at once while a declared length is counted, which is in bytes. True when the text
     * completes that length (see {@link ResponseEnd#writing}).
     */
    private boolean keep(String text) {
        int encoded = 0;
        synchronized (this) {
            pending.append(text);
            if (end.countsBytes() || pending.length() >= 4096) {
                encoded = flushCopy();
            }
        }
        return end.writing(encoded);
    }

    private void flushIf(boolean completes) {
        if (completes) {
            client.flush();
        }
    }

    /** The container discarded what was buffered (a reset): so does the copy, with the text not yet encoded. */
    synchronized void discardPending() {
        pending.setLength(0);
    }

    /** The number of bytes it added to the copy. */
    synchronized int flushCopy() {
        if (pending.length() == 0) {
            return 0;
        }
        int last = pending.length();
        if (Character.isHighSurrogate(pending.charAt(last - 1))) {
            last--;
        }
        ByteBuffer encoded = encode(CharBuffer.wrap(pending, 0, last));
        copy.write(encoded.array(), 0, encoded.position());
        pending.delete(0, last);
        return encoded.position();
    }

    /** Encodes as part of a longer text: the encoder keeps its state from one chunk to the next. */
    private ByteBuffer encode(CharBuffer text) {
        ByteBuffer out = ByteBuffer.allocate((int) (text.remaining() * encoder.maxBytesPerChar()) + 16);
        while (encoder.encode(text, out, false).isOverflow()) {
            ByteBuffer larger = ByteBuffer.allocate(out.capacity() * 2);
            out.flip();
            out = larger.put(out);
        }
        return out;
    }
}
