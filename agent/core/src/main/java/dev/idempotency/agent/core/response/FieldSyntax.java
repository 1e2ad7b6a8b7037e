package dev.idempotency.agent.core.response;

/**
 * HTTP field syntax (RFC 9110, section 5): a name is a token; a value is visible characters,
 * spaces and tabs, never a line break or another control character. A value with a line break
 * would end the header early and start another (header injection); containers refuse to send it,
 * so the response fails after the agent has decided to replay it.
 */
public final class FieldSyntax {

    private static final String TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";

    private FieldSyntax() {
    }

    public static boolean isName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean alphanumeric = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
            if (!alphanumeric && TOKEN_SYMBOLS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Visible ASCII, obs-text (0x80-0xFF), space and tab; nothing else. */
    public static boolean isValue(String value) {
        if (value == null) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\t' && (c < 0x20 || c == 0x7F || c > 0xFF)) {
                return false;
            }
        }
        return true;
    }
}
