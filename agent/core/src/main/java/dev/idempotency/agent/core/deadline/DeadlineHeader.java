package dev.idempotency.agent.core.deadline;

import dev.idempotency.agent.vocabulary.DeadlineFormat;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Reads the client's deadline from a header. A deadline the agent cannot read is ignored rather
 * than refused: it is the client's hint, not part of the operation.
 */
public final class DeadlineHeader {

    private final String name;
    private final DeadlineFormat format;

    public DeadlineHeader(String name, DeadlineFormat format) {
        this.name = name;
        this.format = format;
    }

    public String name() {
        return name;
    }

    public DeadlineFormat format() {
        return format;
    }

    /**
     * Milliseconds left before the deadline (zero or negative: already past), or {@code null}
     * when the header is absent or unreadable.
     */
    public Long remainingMillis(List<String> values, long nowMillis) {
        if (values == null || values.size() != 1) {
            return null;
        }
        String value = values.get(0).trim();
        try {
            switch (format) {
                case RELATIVE_MS:
                    return Long.parseLong(value);
                case EPOCH_MS:
                    return Long.parseLong(value) - nowMillis;
                case RFC3339:
                    return OffsetDateTime.parse(value).toInstant().toEpochMilli() - nowMillis;
                default:
                    return null;
            }
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            return null;
        }
    }
}
