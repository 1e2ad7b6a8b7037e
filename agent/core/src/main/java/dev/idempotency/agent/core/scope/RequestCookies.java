package dev.idempotency.agent.core.scope;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads cookies from the request's {@code Cookie} header lines ({@code a=1; b=2}, RFC 6265),
 * without the container's parser: a servlet's {@code getCookies()} would differ per container,
 * and a JAX-RS runtime may have none.
 */
public final class RequestCookies {

    private RequestCookies() {
    }

    /** The value of the first cookie named {@code name} (case-sensitive), quotes removed; {@code null} when absent. */
    public static String value(List<String> cookieHeaders, String name) {
        Set<String> values = values(cookieHeaders, name);
        return values.isEmpty() ? null : values.iterator().next();
    }

    /** The distinct values of the cookies named {@code name}, in the order sent: two or more make a scope ambiguous. */
    public static Set<String> values(List<String> cookieHeaders, String name) {
        Set<String> values = new LinkedHashSet<>();
        if (cookieHeaders == null) {
            return values;
        }
        for (String header : cookieHeaders) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).trim().equals(name)) {
                    values.add(unquoted(pair.substring(eq + 1).trim()));
                }
            }
        }
        return values;
    }

    /** True when any cookie's name says it holds a session ({@code JSESSIONID}, {@code SESSION}, {@code demo-session}, ...). */
    public static boolean hasSessionCookie(List<String> cookieHeaders) {
        if (cookieHeaders == null) {
            return false;
        }
        for (String header : cookieHeaders) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).toLowerCase(Locale.ROOT).contains("sess")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String unquoted(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }
}
