package dev.idempotency.agent.core.key;

import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the idempotency key from the header values of a request. Accepts a bare token or a
 * Structured Field sf-string ({@code "abc"}, escapes {@code \"} and {@code \\}); the unquoted
 * value must be visible ASCII (0x21-0x7E) within the configured length bounds and, where the endpoint
 * has a {@code key-pattern}, match it as a whole. Several header
 * lines, or a comma-separated list of several values, are invalid: the client named more than one
 * operation and the agent cannot pick one.
 */
public final class KeyParser {

    private final int minLength;
    private final int maxLength;
    /** {@code null}: any key within the lengths. */
    private final Pattern pattern;

    /** Takes the key settings of an endpoint, whose bounds {@link EndpointSettings} has checked. */
    public KeyParser(EndpointSettings settings) {
        this.minLength = settings.keyMinLength();
        this.maxLength = settings.keyMaxLength();
        this.pattern = settings.keyPattern().map(Pattern::compile).orElse(null);
    }

    /** What a client must send, for the answer to an invalid key. */
    public String expected() {
        return "exactly one key of " + minLength + " to " + maxLength + " visible ASCII characters"
                + (pattern == null ? "" : " matching " + pattern.pattern()) + ", optionally as a quoted string";
    }

    /** Parses all values of the key header, in the order received (empty list: no header). */
    public ParsedKey parse(List<String> headerValues) {
        if (headerValues == null || headerValues.isEmpty()) {
            return ParsedKey.missing();
        }
        if (headerValues.size() > 1) {
            return ParsedKey.invalid("the key header was sent " + headerValues.size() + " times; send it once");
        }
        String field = trimOptionalWhitespace(headerValues.get(0));
        if (field.isEmpty()) {
            return ParsedKey.invalid("the key header is empty");
        }
        return field.charAt(0) == '"' ? parseString(field) : parseToken(field);
    }

    private ParsedKey parseString(String field) {
        StringBuilder value = new StringBuilder(field.length());
        int i = 1;
        while (i < field.length()) {
            char c = field.charAt(i);
            if (c == '\\') {
                if (i + 1 >= field.length()) {
                    return ParsedKey.invalid("the quoted key ends inside an escape");
                }
                char escaped = field.charAt(i + 1);
                if (escaped != '"' && escaped != '\\') {
                    return ParsedKey.invalid("the quoted key has an escape other than \\\" or \\\\");
                }
                value.append(escaped);
                i += 2;
            } else if (c == '"') {
                if (i + 1 != field.length()) {
                    return ParsedKey.invalid(trailingText(field.substring(i + 1)));
                }
                return checkChars(value.toString());
            } else {
                value.append(c);
                i++;
            }
        }
        return ParsedKey.invalid("the quoted key has no closing quote");
    }

    private static String trailingText(String rest) {
        return trimOptionalWhitespace(rest).startsWith(",")
                ? "the key header holds several values; send exactly one key"
                : "the quoted key is followed by other text";
    }

    private ParsedKey parseToken(String field) {
        if (field.indexOf(',') >= 0) {
            return ParsedKey.invalid("the key header holds several comma-separated values; send exactly one key");
        }
        return checkChars(field);
    }

    private ParsedKey checkChars(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return ParsedKey.invalid("the key contains a character outside visible ASCII (0x21-0x7E) at position "
                        + (i + 1));
            }
        }
        if (value.length() < minLength) {
            return ParsedKey.invalid("the key has " + value.length() + " characters; at least " + minLength
                    + " are required");
        }
        if (value.length() > maxLength) {
            return ParsedKey.invalid("the key has " + value.length() + " characters; at most " + maxLength
                    + " are allowed");
        }
        if (pattern != null && !pattern.matcher(value).matches()) {
            return ParsedKey.invalid("the key does not match the pattern this endpoint requires (" + pattern.pattern()
                    + ")");
        }
        return ParsedKey.valid(value);
    }

    /** HTTP field values carry optional whitespace (SP, HTAB) around them that is not part of the value. */
    private static String trimOptionalWhitespace(String raw) {
        int start = 0;
        int end = raw.length();
        while (start < end && isOptionalWhitespace(raw.charAt(start))) {
            start++;
        }
        while (end > start && isOptionalWhitespace(raw.charAt(end - 1))) {
            end--;
        }
        return raw.substring(start, end);
    }

    private static boolean isOptionalWhitespace(char c) {
        return c == ' ' || c == '\t';
    }
}
