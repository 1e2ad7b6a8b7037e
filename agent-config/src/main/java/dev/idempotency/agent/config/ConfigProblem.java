package dev.idempotency.agent.config;

import java.util.Objects;

/**
 * One mistake in a config: where it is, the value found, and what would be accepted. Reads as
 * {@code agent.yaml: endpoints[2].ttl: "24 hours" is not a duration; use forms like 30s, 15m, 24h}.
 */
public final class ConfigProblem {

    private final String file;
    private final String fieldPath;
    private final String value;
    private final String message;

    /**
     * @param file      the file as given, or empty when the problem is not in a file
     * @param fieldPath e.g. {@code endpoints[2].ttl}; empty for the file as a whole
     * @param value     the offending value as found; {@code null} when there is none to show
     * @param message   what is wrong and what would be accepted
     */
    public ConfigProblem(String file, String fieldPath, String value, String message) {
        this.file = Objects.requireNonNull(file, "file");
        this.fieldPath = Objects.requireNonNull(fieldPath, "fieldPath");
        this.value = value;
        this.message = Objects.requireNonNull(message, "message");
    }

    public String file() { return file; }
    public String fieldPath() { return fieldPath; }
    /** {@code null} when the problem has no value to show (e.g. a missing field). */
    public String value() { return value; }
    public String message() { return message; }

    /** The problem as one line, the form every config error is printed in. */
    @Override
    public String toString() {
        StringBuilder line = new StringBuilder();
        if (!file.isEmpty()) {
            line.append(file).append(": ");
        }
        if (!fieldPath.isEmpty()) {
            line.append(fieldPath).append(": ");
        }
        if (value != null) {
            line.append('"').append(value).append("\" ");
        }
        return line.append(message).toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConfigProblem && toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
