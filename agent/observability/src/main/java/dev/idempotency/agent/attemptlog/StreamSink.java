package dev.idempotency.agent.attemptlog;

import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output or error by file descriptor, not through {@code System.out}: an application that
 * redirects {@code System.out} into its own logging never receives attempt events. Each write call
 * holds whole lines only, at most {@link #WRITE_BYTES} of them (or one longer line), so lines from
 * the application and from the agent do not split each other, on a pipe too.
 */
public final class StreamSink implements EventSink {

    /** PIPE_BUF on Linux: what one write call puts into a pipe without another writer's bytes inside. */
    static final int WRITE_BYTES = 4096;

    private final OutputStream out;
    /** Whole lines not written yet, at most {@link #WRITE_BYTES} unless it is one line. */
    private final ByteArrayOutputStream lines = new ByteArrayOutputStream(WRITE_BYTES);

    StreamSink(OutputStream out) {
        this.out = out;
    }

    public static StreamSink stdout() {
        return new StreamSink(new FileOutputStream(FileDescriptor.out));
    }

    public static StreamSink stderr() {
        return new StreamSink(new FileOutputStream(FileDescriptor.err));
    }

    @Override
    public void write(String line) throws IOException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        if (lines.size() > 0 && lines.size() + bytes.length + 1 > WRITE_BYTES) {
            flush();
        }
        lines.write(bytes);
        lines.write('\n');
    }

    @Override
    public void flush() throws IOException {
        if (lines.size() > 0) {
            try {
                lines.writeTo(out);
            } finally {
                lines.reset();
            }
            out.flush();
        }
    }

    /** The descriptor belongs to the process: it stays open. */
    @Override
    public void close() throws IOException {
        flush();
    }
}
