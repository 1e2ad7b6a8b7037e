package dev.idempotency.agent.core.response;

import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The response headers a replay may repeat: a fixed safe set (the representation headers that
 * describe the body, so a gzip body is replayed with its {@code Content-Encoding}, and the
 * resource's metadata) plus what the endpoint adds. Credentials, cookies, hop-by-hop headers and
 * values the container recomputes are never kept, even when configured, and a session id that a
 * container wrote into a URL ({@code /orders/7;jsessionid=...}) is cut out of {@code Location}
 * and {@code Content-Location}: a replay to another caller must not hand out someone's session.
 * Values that are not valid HTTP field values ({@link FieldSyntax}) are never kept or replayed.
 */
public final class ReplayHeaders {

    static final Set<String> DEFAULTS = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("content-type", "content-encoding", "content-language", "content-disposition", "content-location", "vary", "location", "etag", "last-modified", "cache-control")));

    /** Headers whose values are URLs a container may have rewritten with the session id. */
    private static final Set<String> URL_VALUED = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("location", "content-location")));

    static final Set<String> NEVER = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("set-cookie", "set-cookie2", "www-authenticate", "proxy-authenticate", "authorization", "proxy-authorization", "date", "content-length", "connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade", "proxy-connection")));

    private final Set<String> allowed;

    public ReplayHeaders(Collection<String> extra) {
        TreeSet<String> names = new TreeSet<>(DEFAULTS);
        for (String name : extra) {
            names.add(name.trim().toLowerCase(Locale.ROOT));
        }
        names.removeAll(NEVER);
        this.allowed = Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }

    /** Lower-case names this list keeps. */
    public Set<String> allowed() {
        return allowed;
    }

    public boolean allows(String name) {
        return name != null && allowed.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The allow-listed headers of {@code headers}, names as written, values copied. */
    public Map<String, List<String>> filter(Map<String, List<String>> headers) {
        Map<String, List<String>> kept = new LinkedHashMap<>();
        if (headers == null) {
            return kept;
        }
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            if (allows(header.getKey()) && header.getValue() != null && !header.getValue().isEmpty()) {
                List<String> values = new ArrayList<>(header.getValue());
                // A value that is not a valid field (a line break written by hand into a record)
                // would make the container fail the whole replay: it is left out.
                values.removeIf(value -> !FieldSyntax.isValue(value));
                if (values.isEmpty()) {
                    continue;
                }
                if (URL_VALUED.contains(header.getKey().toLowerCase(Locale.ROOT))) {
                    values.replaceAll(SessionIds::removeFromUrl);
                }
                kept.put(header.getKey(), Collections.unmodifiableList(new ArrayList<>(values)));
            }
        }
        return kept;
    }
}
