package dev.idempotency.agent.attemptlog;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.core.attempt.RequestDetails;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * The attempt log as a listener. A request thread only offers its event to a bounded queue; one
 * daemon thread formats, redacts and writes. When the queue is full (a sink slower than the
 * traffic) the event is dropped and counted instead of making the request wait; a sink that fails
 * loses its lines, counted the same way, and is reported once per cause.
 */
public final class AttemptLog implements AttemptListener, AutoCloseable {

    /**
     * How long the writer lets events gather once the first one has woken it, so that it wakes, and
     * writes, once for all of them. Woken for every event, it cost each request a thread's wake-up
     * and a write call, about as much CPU as formatting the line (docs/performance.md, "New keys").
     * A line reaches the sink at most this much later.
     */
    static final long GATHER_MILLIS = 10;

    /** Tells the writer to finish; compared by identity. */
    private static final Object END = new Object();

    private final AttemptEventJson format;
    private final EventSink sink;
    private final BiConsumer<String, Throwable> failures;
    /** Attempt events, and warnings already formatted as lines. */
    private final BlockingQueue<Object> queue;
    private final LongAdder dropped = new LongAdder();
    private final Thread writer;

    private AttemptLog(AttemptEventJson format, EventSink sink, int capacity, BiConsumer<String, Throwable> failures) {
        this.format = format;
        this.sink = sink;
        this.failures = failures;
        this.queue = new ArrayBlockingQueue<>(capacity);
        this.writer = new Thread(this::drain, "idempotency-agent-attempt-log");
        writer.setDaemon(true);
        writer.setContextClassLoader(null);
    }

    /**
     * Starts the writer thread. {@code failures} hears of the log's own failures (and of the
     * gate's, as this listener's {@link #onInternalFailure}): the agent's diagnostics, never the log.
     */
    public static AttemptLog start(AttemptLogSettings settings, EventSink sink, BiConsumer<String, Throwable> failures) {
        AttemptLog log = new AttemptLog(new AttemptEventJson(settings), sink, settings.queueCapacity, failures);
        log.writer.start();
        return log;
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        if (!queue.offer(event)) {
            dropped.increment();
        }
    }

    /** One line, {@code event.action} {@code outcome_unknown_recorded}, in the same stream as the attempts. */
    @Override
    public void onMarkedUnknown(MarkedUnknown record) {
        if (!queue.offer(format.formatMarkedUnknown(record))) {
            dropped.increment();
        }
    }

    /** One line, {@code event.action} {@code endpoint_warning}, in the same stream as the attempts. */
    @Override
    public void onWarning(String endpoint, String message) {
        if (!queue.offer(format.formatWarning(Instant.now(), endpoint, message))) {
            dropped.increment();
        }
    }

    @Override
    public RequestDetails requestDetails() {
        return format.requestDetails();
    }

    @Override
    public void onInternalFailure(String where, Throwable cause) {
        failures.accept(where, cause);
    }

    /** Events lost so far: queue full, or the sink failed to write them. */
    public long droppedEvents() {
        return dropped.sum();
    }

    /** Writes what is queued, waiting at most {@code timeout}, then closes the sink. */
    public void close(Duration timeout) {
        try {
            if (queue.offer(END, timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                writer.join(timeout.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(2));
    }

    private void drain() {
        try {
            for (Object event = queue.take(); event != END; event = queue.take()) {
                // meanwhile request threads add to the queue without waking this one
                Thread.sleep(GATHER_MILLIS);
                write(event);
                for (event = queue.peek(); event != null && event != END; event = queue.peek()) {
                    write(queue.poll());
                }
                flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeSink();
        }
    }

    private void write(Object event) {
        try {
            sink.write(event instanceof AttemptEvent ? format.format((AttemptEvent) event) : (String) event);
        } catch (IOException | RuntimeException e) {
            dropped.increment();
            failures.accept("writing the attempt log", e);
        }
    }

    private void flush() {
        try {
            sink.flush();
        } catch (IOException | RuntimeException e) {
            failures.accept("flushing the attempt log", e);
        }
    }

    private void closeSink() {
        try {
            sink.close();
        } catch (IOException | RuntimeException e) {
            failures.accept("closing the attempt log", e);
        }
    }
}
