package dev.idempotency.agent.servlet.javax;

import java.io.ByteArrayOutputStream;

/** A copy of the response body, bounded: past the limit only the fact that it was cut is kept. */
final class BodyCopy {

    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private boolean truncated;
    private volatile boolean clientGone;

    BodyCopy(int limit) {
        this.limit = limit;
    }

    synchronized void write(byte[] buffer, int offset, int length) {
        if (truncated) {
            return;
        }
        if (bytes.size() + length > limit) {
            truncated = true;
            bytes.reset();
            return;
        }
        bytes.write(buffer, offset, length);
    }

    synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    synchronized void clear() {
        bytes.reset();
        truncated = false;
    }

    void clientGone() {
        clientGone = true;
    }

    boolean wasClientGone() {
        return clientGone;
    }

    synchronized byte[] bytes() {
        return bytes.toByteArray();
    }

    synchronized boolean complete() {
        return !truncated;
    }
}
