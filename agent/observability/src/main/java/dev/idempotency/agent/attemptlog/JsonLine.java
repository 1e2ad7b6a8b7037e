package dev.idempotency.agent.attemptlog;

/**
 * One flat JSON object on one line, built field by field. Names are the schema's constants;
 * every string value is escaped, control characters and line separators included, so no value
 * can break the line or forge a field.
 */
final class JsonLine {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** An attempt event is some 600 characters: room for one without growing. */
    private final StringBuilder out = new StringBuilder(1024).append('{');
    private boolean first = true;

    JsonLine string(String name, String value) {
        if (value != null) {
            name(name);
            quote(value);
        }
        return this;
    }

    JsonLine number(String name, long value) {
        name(name);
        out.append(value);
        return this;
    }

    JsonLine bool(String name, boolean value) {
        name(name);
        out.append(value);
        return this;
    }

    /** The line, without a line separator. */
    String end() {
        return out.append('}').toString();
    }

    private void name(String name) {
        if (!first) {
            out.append(',');
        }
        first = false;
        quote(name);
        out.append(':');
    }

    private void quote(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == '\u2028' || c == '\u2029' || Character.isSurrogate(c) && !validPair(text, i)) {
                        unicode(Character.isSurrogate(c) ? '\ufffd' : c);
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    /** A lone surrogate cannot be encoded as UTF-8; it is replaced rather than written broken. */
    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }

    private void unicode(char c) {
        out.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF]).append(HEX[c >> 4 & 0xF])
                .append(HEX[c & 0xF]);
    }
}
