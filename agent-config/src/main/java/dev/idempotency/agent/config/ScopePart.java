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
        PRINCIPAL,
        /** The value of one cookie (a session, for applications whose callers are sessions). */
        COOKIE
    }

    static final ScopePart NONE = new ScopePart(Kind.NONE, null);
    static final ScopePart PRINCIPAL = new ScopePart(Kind.PRINCIPAL, null);

    private final Kind kind;
    /** The header or cookie name; {@code null} for the other kinds. */
    private final String name;

    private ScopePart(Kind kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    static ScopePart header(String name) {
        return new ScopePart(Kind.HEADER, Objects.requireNonNull(name, "name"));
    }

    static ScopePart cookie(String name) {
        return new ScopePart(Kind.COOKIE, Objects.requireNonNull(name, "name"));
    }

    public Kind kind() { return kind; }

    /** The header name of a {@link Kind#HEADER} part; {@code null} for the other kinds. */
    public String headerName() { return kind == Kind.HEADER ? name : null; }

    /** The cookie name of a {@link Kind#COOKIE} part; {@code null} for the other kinds. */
    public String cookieName() { return kind == Kind.COOKIE ? name : null; }

    /** The part as written in the config: {@code none}, {@code header:NAME}, {@code principal} or {@code cookie:NAME}. */
    @Override
    public String toString() {
        String label = kind.name().toLowerCase(java.util.Locale.ROOT);
        return name == null ? label : label + ":" + name;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof ScopePart)) {
            return false;
        }
        ScopePart that = (ScopePart) other;
        if (kind != that.kind) {
            return false;
        }
        // Header names are case-insensitive in HTTP; cookie names are not.
        return kind == Kind.HEADER ? name.equalsIgnoreCase(that.name) : Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, kind == Kind.HEADER ? name.toLowerCase(java.util.Locale.ROOT) : name);
    }
}
