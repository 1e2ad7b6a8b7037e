package dev.idempotency.agent.core.scope;

import java.util.Locale;
import java.util.Objects;

/**
 * One source of the scope a key is unique within: the whole service, a request header, the
 * principal, or one cookie (for applications whose callers are sessions).
 */
public final class ScopePart {

    /** Where the part's value comes from. */
    public enum Kind { NONE, HEADER, PRINCIPAL, COOKIE }

    private static final ScopePart NONE = new ScopePart(Kind.NONE, null);
    private static final ScopePart PRINCIPAL = new ScopePart(Kind.PRINCIPAL, null);

    private final Kind kind;
    /** The header or cookie name; {@code null} for the other kinds. */
    private final String name;

    private ScopePart(Kind kind, String name) {
        this.kind = kind;
        this.name = name;
    }

    public static ScopePart none() {
        return NONE;
    }

    public static ScopePart principal() {
        return PRINCIPAL;
    }

    public static ScopePart header(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a header scope needs a header name");
        }
        return new ScopePart(Kind.HEADER, name.trim());
    }

    /** The value of one cookie; cookie names are case-sensitive. */
    public static ScopePart cookie(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a cookie scope needs a cookie name");
        }
        return new ScopePart(Kind.COOKIE, name.trim());
    }

    /** Reads the config notation: {@code none}, {@code principal}, {@code header:NAME} or {@code cookie:NAME}. */
    public static ScopePart parse(String text) {
        String trimmed = Objects.requireNonNull(text, "scope").trim();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (lower.equals("none")) {
            return NONE;
        }
        if (lower.equals("principal")) {
            return PRINCIPAL;
        }
        if (lower.startsWith("header:")) {
            return header(trimmed.substring("header:".length()));
        }
        if (lower.startsWith("cookie:")) {
            return cookie(trimmed.substring("cookie:".length()));
        }
        throw new IllegalArgumentException("unknown scope '" + text + "'; use none, principal, header:NAME or cookie:NAME");
    }

    public Kind kind() {
        return kind;
    }

    /** The header name for {@link Kind#HEADER}, otherwise {@code null}. */
    public String headerName() {
        return kind == Kind.HEADER ? name : null;
    }

    /** The cookie name for {@link Kind#COOKIE}, otherwise {@code null}. */
    public String cookieName() {
        return kind == Kind.COOKIE ? name : null;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof ScopePart)) {
            return false;
        }
        ScopePart that = (ScopePart) other;
        return kind == that.kind && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, name);
    }

    @Override
    public String toString() {
        String label = kind.name().toLowerCase(Locale.ROOT);
        return name == null ? label : label + ":" + name;
    }
}
