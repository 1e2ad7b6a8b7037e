package dev.idempotency.agent.core.scope;

import java.util.Locale;
import java.util.Objects;

/** One source of the scope a key is unique within: the whole service, a request header, or the principal. */
public final class ScopePart {

    /** Where the part's value comes from. */
    public enum Kind { NONE, HEADER, PRINCIPAL }

    private static final ScopePart NONE = new ScopePart(Kind.NONE, null);
    private static final ScopePart PRINCIPAL = new ScopePart(Kind.PRINCIPAL, null);

    private final Kind kind;
    private final String headerName;

    private ScopePart(Kind kind, String headerName) {
        this.kind = kind;
        this.headerName = headerName;
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

    /** Reads the config notation: {@code none}, {@code principal} or {@code header:NAME}. */
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
        throw new IllegalArgumentException("unknown scope '" + text + "'; use none, principal or header:NAME");
    }

    public Kind kind() {
        return kind;
    }

    /** The header name for {@link Kind#HEADER}, otherwise {@code null}. */
    public String headerName() {
        return headerName;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof ScopePart)) {
            return false;
        }
        ScopePart that = (ScopePart) other;
        return kind == that.kind && Objects.equals(headerName, that.headerName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, headerName);
    }

    @Override
    public String toString() {
        return kind == Kind.HEADER ? "header:" + headerName : kind.name().toLowerCase(Locale.ROOT);
    }
}
