package dev.idempotency.agent.attemptlog;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Standard output or error by file descriptor, not through {@code System.out}: an application that
 * redirects {@code System.out} into its own logging never receives attempt events. Each line is
 * one write call, so lines from the application and from the agent do not split each other.
 */
public final class StreamSink implements EventSink {

    private final OutputStream out;

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
        out.write((line + '\n').getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** The descriptor belongs to the process: it stays open. */
    @Override
    public void close() throws IOException {
        out.flush();
    }
}
