package dev.idempotency.agent.vocabulary;

import java.util.Locale;
import java.util.Objects;

/**
 * One source of the scope a key is unique within: the whole service, a request header, the
 * principal, or one cookie (for applications whose callers are sessions). Written in the config as
 * {@code none}, {@code header:NAME}, {@code principal} or {@code cookie:NAME}.
 */
public final class ScopePart {

    /** Where the part's value comes from. */
    public enum Kind {
        /** The whole service. */
        NONE,
        /** The value of a request header. */
        HEADER,
        /** The authenticated principal. */
        PRINCIPAL,
        /** The value of one cookie. */
        COOKIE
    }

    /** The forms {@link #parse} accepts, for messages. */
    public static final String FORMS = "use none, principal, header:NAME or cookie:NAME";

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

    /** The value of a request header; the name must be an HTTP token. */
    public static ScopePart header(String name) {
        return new ScopePart(Kind.HEADER, token(name, "header"));
    }

    /** The value of one cookie; the name must be an HTTP token, and is compared case-sensitively. */
    public static ScopePart cookie(String name) {
        return new ScopePart(Kind.COOKIE, token(name, "cookie"));
    }

    private static String token(String name, String what) {
        if (!HttpToken.isToken(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a " + what
                    + " name; use letters, digits and -, like X-Tenant-Id");
        }
        return name;
    }

    /**
     * Reads the config notation.
     *
     * @throws IllegalArgumentException with the reason, when the text is not a scope part
     */
    public static ScopePart parse(String text) {
        String trimmed = Objects.requireNonNull(text, "scope").trim();
        if (trimmed.equals("none")) {
            return NONE;
        }
        if (trimmed.equals("principal")) {
            return PRINCIPAL;
        }
        if (trimmed.startsWith("header:")) {
            return header(trimmed.substring("header:".length()));
        }
        if (trimmed.startsWith("cookie:")) {
            return cookie(trimmed.substring("cookie:".length()));
        }
        throw new IllegalArgumentException("'" + text + "' is not a scope; " + FORMS);
    }

    public Kind kind() {
        return kind;
    }

    /** The header name of a {@link Kind#HEADER} part; {@code null} for the other kinds. */
    public String headerName() {
        return kind == Kind.HEADER ? name : null;
    }

    /** The cookie name of a {@link Kind#COOKIE} part; {@code null} for the other kinds. */
    public String cookieName() {
        return kind == Kind.COOKIE ? name : null;
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
        return Objects.hash(kind, kind == Kind.HEADER ? name.toLowerCase(Locale.ROOT) : name);
    }

    /** The part as written in the config. */
    @Override
    public String toString() {
        String label = kind.name().toLowerCase(Locale.ROOT);
        return name == null ? label : label + ":" + name;
    }
}
