package dev.idempotency.agent.config;

import java.util.Objects;

/** One source of the scope a key is unique within. */
public final class ScopePart {

    /** The kinds of scope source. */
    public enum Kind {
        /** The whole service. */
        NONE,
        /** The value of a request header. */
        HEADER,
        /** The authenticated principal. */
        PRINCIPAL
    }

    static final ScopePart NONE = new ScopePart(Kind.NONE, null);
    static final ScopePart PRINCIPAL = new ScopePart(Kind.PRINCIPAL, null);

    private final Kind kind;
    private final String headerName;

    private ScopePart(Kind kind, String headerName) {
        this.kind = kind;
        this.headerName = headerName;
    }

    static ScopePart header(String name) {
        return new ScopePart(Kind.HEADER, Objects.requireNonNull(name, "name"));
    }

    public Kind kind() { return kind; }

    /** The header name of a {@link Kind#HEADER} part; {@code null} for the other kinds. */
    public String headerName() { return headerName; }

    /** The part as written in the config: {@code none}, {@code header:NAME} or {@code principal}. */
    @Override
    public String toString() {
        return kind == Kind.HEADER ? "header:" + headerName : kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof ScopePart)) {
            return false;
        }
        ScopePart that = (ScopePart) other;
        // Header names are case-insensitive in HTTP.
        return kind == that.kind && (headerName == null
                ? that.headerName == null : headerName.equalsIgnoreCase(that.headerName));
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, headerName == null ? null : headerName.toLowerCase(java.util.Locale.ROOT));
    }
}
