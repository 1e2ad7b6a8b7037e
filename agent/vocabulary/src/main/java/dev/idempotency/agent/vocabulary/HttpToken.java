package dev.idempotency.agent.vocabulary;

/** The characters of an HTTP token (RFC 9110): header names, and cookie names (RFC 6265). */
public final class HttpToken {

    private static final String TCHAR_SYMBOLS = "!#$%&'*+.^_`|~-";

    private HttpToken() {
    }

    public static boolean isToken(String text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alphanumeric = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alphanumeric && TCHAR_SYMBOLS.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }
}
