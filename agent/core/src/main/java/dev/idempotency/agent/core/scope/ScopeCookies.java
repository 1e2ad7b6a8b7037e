package dev.idempotency.agent.core.scope;

import java.util.Collections;
import dev.idempotency.agent.vocabulary.ScopePart;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The cookies a request's scope is made of ({@code scope: cookie:NAME}), as the request sent them,
 * and whether its response gives one of them a new value. A session cookie the application creates
 * or rotates while executing a keyed request (a servlet container's {@code JSESSIONID}, made at
 * the first {@code getSession(true)}) moves the client's retry into another scope: the retry
 * carries the new value, finds no record there, and executes again.
 */
public final class ScopeCookies {

    public static final ScopeCookies NONE = new ScopeCookies(Collections.emptyMap());

    /** Per scope cookie name, the value the request sent. */
    private final Map<String, String> sent;

    private ScopeCookies(Map<String, String> sent) {
        this.sent = sent;
    }

    /** The request's values of the cookies {@code resolver}'s scope is made of; resolved scopes only. */
    public static ScopeCookies sentWith(ScopeResolver resolver, List<String> cookieHeaders) {
        Map<String, String> sent = new LinkedHashMap<>();
        for (ScopePart part : resolver.parts()) {
            if (part.kind() == ScopePart.Kind.COOKIE) {
                sent.put(part.cookieName(), RequestCookies.value(cookieHeaders, part.cookieName()));
            }
        }
        return sent.isEmpty() ? NONE : new ScopeCookies(sent);
    }

    /**
     * The name of the first scope cookie that the response's {@code Set-Cookie} headers set to
     * another value than the request sent (or delete), else {@code null}.
     */
    public String changedBy(Map<String, List<String>> responseHeaders) {
        if (sent.isEmpty() || responseHeaders == null) {
            return null;
        }
        for (Map.Entry<String, List<String>> header : responseHeaders.entrySet()) {
            if (header.getKey() == null || !header.getKey().toLowerCase(Locale.ROOT).equals("set-cookie")
                    || header.getValue() == null) {
                continue;
            }
            for (String setCookie : header.getValue()) {
                String changed = changedBy(setCookie);
                if (changed != null) {
                    return changed;
                }
            }
        }
        return null;
    }

    /** {@code NAME=value; Path=/; HttpOnly} (RFC 6265): the name when it is a scope cookie given a new value. */
    private String changedBy(String setCookie) {
        if (setCookie == null) {
            return null;
        }
        int end = setCookie.indexOf(';');
        String pair = end < 0 ? setCookie : setCookie.substring(0, end);
        int eq = pair.indexOf('=');
        if (eq <= 0) {
            return null;
        }
        String name = pair.substring(0, eq).trim();
        if (!sent.containsKey(name)) {
            return null;
        }
        String value = RequestCookies.value(Collections.singletonList(pair.trim()), name);
        return value != null && value.equals(sent.get(name)) ? null : name;
    }
}
