package dev.idempotency.agent.core.deadline;

import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import java.time.Instant;

/**
 * The client's deadline as the execution passes it down the chain: one deadline bounds the whole
 * chain, so each keyed downstream call carries what is left of it, in the header and format the
 * endpoint read it in.
 */
public final class ChainDeadline {

    private final String header;
    private final DeadlineFormat format;
    private final long deadlineMillis;
    private final TimeSource time;

    /** @param deadlineMillis the deadline, in milliseconds since the epoch */
    public ChainDeadline(String header, DeadlineFormat format, long deadlineMillis, TimeSource time) {
        this.header = header;
        this.format = format;
        this.deadlineMillis = deadlineMillis;
        this.time = time;
    }

    public String header() {
        return header;
    }

    /** Milliseconds left now; zero or negative once the deadline has passed. */
    public long remainingMillis() {
        return deadlineMillis - time.currentTimeMillis();
    }

    /**
     * The header's value for a call sent now: what is left ({@code relative-ms}, never below zero),
     * or the deadline itself ({@code epoch-ms}, {@code rfc3339}).
     */
    public String value() {
        switch (format) {
            case EPOCH_MS:
                return Long.toString(deadlineMillis);
            case RFC3339:
                return Instant.ofEpochMilli(deadlineMillis).toString();
            case RELATIVE_MS:
            default:
                return Long.toString(Math.max(0, remainingMillis()));
        }
    }
}
