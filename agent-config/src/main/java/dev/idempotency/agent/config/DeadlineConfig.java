package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.DeadlineFormat;
import java.util.Optional;

/** The request header that carries the client's deadline, if any. */
public final class DeadlineConfig {

    private final String header;
    private final DeadlineFormat format;

    DeadlineConfig(String header, DeadlineFormat format) {
        this.header = header;
        this.format = format;
    }

    /** Empty when deadlines are not handled. */
    public Optional<String> header() { return header.isEmpty() ? Optional.empty() : Optional.of(header); }
    public DeadlineFormat format() { return format; }
}
