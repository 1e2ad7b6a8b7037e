package dev.idempotency.agent.core.response;

import java.util.Locale;

/**
 * Cuts URL-rewritten session ids out of a URL. A servlet container that cannot set a session
 * cookie writes the id into the URLs the application encodes, as a path parameter named
 * {@code jsessionid} by the servlet specification ({@code /owners/7;jsessionid=A1B2}); a
 * container configured with another name keeps "session" in it ({@code ;PHPSESSIONID=},
 * {@code ;sessionid=}). Any path parameter whose name contains "session" is removed; other path
 * parameters, the query and the fragment stay as written.
 */
final class SessionIds {

    private SessionIds() {
    }

    static String removeFromUrl(String url) {
        if (url == null || url.indexOf(';') < 0) {
            return url;
        }
        int pathEnd = indexOfAny(url, '?', '#');
        String path = url.substring(0, pathEnd);
        StringBuilder kept = new StringBuilder(url.length());
        int at = 0;
        while (at < path.length()) {
            int semicolon = path.indexOf(';', at);
            if (semicolon < 0) {
                kept.append(path, at, path.length());
                break;
            }
            kept.append(path, at, semicolon);
            int end = indexOfAny(path, ';', '/', semicolon + 1);
            String parameter = path.substring(semicolon + 1, end);
            if (!isSessionId(parameter)) {
                kept.append(';').append(parameter);
            }
            at = end;
        }
        return kept.append(url, pathEnd, url.length()).toString();
    }

    private static boolean isSessionId(String parameter) {
        int eq = parameter.indexOf('=');
        String name = eq < 0 ? parameter : parameter.substring(0, eq);
        return name.toLowerCase(Locale.ROOT).contains("session");
    }

    /** The first index of any of {@code chars} at or after {@code from}, else the length. */
    private static int indexOfAny(String text, char first, char second) {
        return indexOfAny(text, first, second, 0);
    }

    private static int indexOfAny(String text, char first, char second, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == first || c == second) {
                return i;
            }
        }
        return text.length();
    }
}
