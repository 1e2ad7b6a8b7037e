package dev.idempotency.agent.attemptlog;

import java.io.Closeable;
import java.io.IOException;

/** Where attempt lines go. Called from the log's one writer thread only. */
public interface EventSink extends Closeable {

    /** Writes one line; the sink adds the line separator. */
    void write(String line) throws IOException;

    /** Pushes buffered lines out; called whenever the queue runs empty. */
    void flush() throws IOException;
}
