package dev.idempotency.agent.bootstrap.body;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A copy of the response body as it goes to the client, bounded twice: past its endpoint's limit,
 * or past what the JVM-wide {@link CaptureBudget} has left, only the fact that it was cut is
 * kept. Shared by the adapters, which tee their runtime's output into it. What it holds is
 * reserved from the budget until the copy is taken ({@link #captured}), cleared, cut, or dropped.
 */
public final class ResponseBodyCopy {

    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private final Reservation reserved = new Reservation();
    private boolean truncated;
    private volatile boolean clientGone;

    public ResponseBodyCopy(int limit) {
        this.limit = limit;
        CaptureBudget.DROPPED.register(this, reserved);
    }

    public synchronized void write(byte[] buffer, int offset, int length) {
        if (truncated) {
            return;
        }
        if (bytes.size() + length > limit || !CaptureBudget.reserve(length)) {
            truncated = true;
            bytes.reset();
            reserved.run();
            return;
        }
        reserved.add(length);
        bytes.write(buffer, offset, length);
    }

    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** The runtime discarded what was buffered (a reset): so does the copy. */
    public synchronized void clear() {
        bytes.reset();
        truncated = false;
        reserved.run();
    }

    /** A write to the client failed. */
    public void clientGone() {
        clientGone = true;
    }

    public boolean wasClientGone() {
        return clientGone;
    }

    public synchronized byte[] bytes() {
        return bytes.toByteArray();
    }

    public synchronized boolean complete() {
        return !truncated;
    }

    /** The response as the client got it: this body with the given status and headers. */
    public synchronized CapturedResponse captured(int status, Map<String, List<String>> headers) {
        Captured taken = new Captured(status, headers, bytes.toByteArray(), !truncated);
        reserved.run();
        return taken;
    }

    /** The bytes a copy holds of the budget; running it gives them back. */
    private static final class Reservation implements Runnable {
        private final AtomicLong bytes = new AtomicLong();

        void add(long length) {
            bytes.addAndGet(length);
        }

        @Override
        public void run() {
            CaptureBudget.release(bytes.getAndSet(0));
        }
    }

    private static final class Captured implements CapturedResponse {
        private final int status;
        private final Map<String, List<String>> headers;
        private final byte[] body;
        private final boolean complete;

        Captured(int status, Map<String, List<String>> headers, byte[] body, boolean complete) {
            this.status = status;
            this.headers = headers;
            this.body = body;
            this.complete = complete;
        }

        @Override
        public int status() {
            return status;
        }

        @Override
        public Map<String, List<String>> headers() {
            return headers;
        }

        @Override
        public byte[] body() {
            return body;
        }

        @Override
        public boolean bodyComplete() {
            return complete;
        }
    }
}
