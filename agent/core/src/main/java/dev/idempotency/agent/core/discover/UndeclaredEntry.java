package dev.idempotency.agent.core.discover;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/** The undeclared requests of one method and collapsed path (and JAX-RS resource method): names and counts only. */
final class UndeclaredEntry {

    static final Comparator<UndeclaredEntry> MOST_REQUESTED_FIRST = Comparator
            .comparingLong((UndeclaredEntry entry) -> -entry.requests.get())
            .thenComparing(entry -> entry.path)
            .thenComparing(entry -> entry.method);

    /** Content types, session cookie names, tenant header names: a few per entry are enough to suggest. */
    private static final int MAX_NAMES = 8;

    final String method;
    final String path;
    /** {@code com.acme.Orders#create}, or {@code null} at a servlet. */
    final String resourceMethod;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong withKey = new AtomicLong();
    private final AtomicLong withPrincipal = new AtomicLong();
    private final Set<String> contentTypes = new ConcurrentSkipListSet<>();
    private final Set<String> sessionCookies = new ConcurrentSkipListSet<>();
    private final Set<String> tenantHeaders = new ConcurrentSkipListSet<>();
    /** For a GET: the query parameter names that read as a command. */
    private final Set<String> commandParameters = new ConcurrentSkipListSet<>();

    UndeclaredEntry(String method, String path, String resourceMethod) {
        this.method = method;
        this.path = path;
        this.resourceMethod = resourceMethod;
    }

    void saw(boolean keySent, String contentType, boolean principal, String sessionCookie, List<String> tenants,
            List<String> commands) {
        requests.incrementAndGet();
        if (keySent) {
            withKey.incrementAndGet();
        }
        if (principal) {
            withPrincipal.incrementAndGet();
        }
        addBounded(contentTypes, contentType);
        addBounded(sessionCookies, sessionCookie);
        for (String tenant : tenants) {
            addBounded(tenantHeaders, tenant);
        }
        for (String command : commands) {
            addBounded(commandParameters, command);
        }
    }

    /** Whether its callers ever sent the key: a browser's form and link never do. */
    boolean keySeen() {
        return withKey.get() > 0;
    }

    /** A GET, listed because it may change state: it carried a key, or its query named a command. */
    boolean isGet() {
        return "GET".equals(method);
    }

    Set<String> commandParameters() {
        return new TreeSet<>(commandParameters);
    }

    private static void addBounded(Set<String> names, String name) {
        if (name != null && names.size() < MAX_NAMES) {
            names.add(name);
        }
    }

    long requests() {
        return requests.get();
    }

    boolean jsonSeen() {
        return contentTypes.stream().anyMatch(type -> type.equals("application/json") || type.endsWith("+json"));
    }

    boolean principalSeen() {
        return withPrincipal.get() > 0;
    }

    Set<String> sessionCookies() {
        return new TreeSet<>(sessionCookies);
    }

    Set<String> tenantHeaders() {
        return new TreeSet<>(tenantHeaders);
    }

    /**
     * {@code POST /orders/{id}/payments: 3 request(s), Idempotency-Key sent with 2, content types
     * application/json, credentials: principal, session cookie JSESSIONID, header X-Tenant-Id}.
     */
    String line(String keyHeader) {
        long keyed = withKey.get();
        List<String> credentials = new ArrayList<>();
        if (principalSeen()) {
            credentials.add("principal");
        }
        sessionCookies.forEach(name -> credentials.add("session cookie " + name));
        tenantHeaders.forEach(name -> credentials.add("header " + name));
        return method + " " + path + (resourceMethod == null ? "" : " (resource-method " + resourceMethod + ")") + ": "
                + requests.get() + " request(s), " + keyHeader + " " + (keyed == 0 ? "never sent" : "sent with " + keyed)
                + ", content types: " + (contentTypes.isEmpty() ? "none" : String.join(", ", contentTypes))
                + ", credentials: " + (credentials.isEmpty() ? "none" : String.join(", ", credentials))
                + (isGet() ? ", a GET that may change state" + (commandParameters.isEmpty() ? " (it carried a key)"
                        : " (its query names " + String.join(", ", commandParameters) + ")") : "");
    }
}
