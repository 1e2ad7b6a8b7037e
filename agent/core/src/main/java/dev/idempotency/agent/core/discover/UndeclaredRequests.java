package dev.idempotency.agent.core.discover;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.core.route.RoutedPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The state-changing requests (POST, PUT, PATCH, DELETE) that reached an instrumented entry point
 * and matched no declared endpoint, per method and path with its id-like segments collapsed to
 * {@code {id}}: how many, and what they carried, by name only. Never a body, a query, a header's
 * or a cookie's value: what is kept here is shown to whoever may read the agent's JMX status.
 * Bounded: at most {@link #MAX_ENTRIES} entries; requests to further ones are only counted.
 */
public final class UndeclaredRequests {

    static final int MAX_ENTRIES = 200;

    /** Headers whose presence says requests belong to a tenant, an account or a merchant: a scope candidate. */
    static final List<String> TENANT_HEADERS = Collections.unmodifiableList(Arrays.asList("X-Tenant-Id", "X-Tenant", "X-Merchant-Id", "X-Account-Id", "X-Organization-Id", "X-Org-Id", "X-Customer-Id", "X-Client-Id"));

    private static final Pattern NUMBER = Pattern.compile("[0-9]+");
    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    /** Long hex strings and hex-heavy tokens: object ids, hashes. */
    private static final Pattern HEX_ID = Pattern.compile("[0-9a-fA-F]{16,}");
    private static final Pattern COMMAND = Pattern.compile("(?i:new|create|add|place|submit|save|update|delete|remove"
            + "|cancel|confirm|pay|buy|checkout)(?:ed)?(?:[A-Z0-9_-][A-Za-z0-9_-]*)?");

    private final String keyHeader;
    private final Map<String, UndeclaredEntry> entries = new ConcurrentHashMap<>();
    private final AtomicLong beyondBound = new AtomicLong();

    /** @param keyHeader the idempotency key header the endpoints would use ({@code Idempotency-Key}) */
    public UndeclaredRequests(String keyHeader) {
        this.keyHeader = keyHeader;
    }

    /**
     * One undeclared request. {@code resourceMethod} is the JAX-RS {@code com.acme.Orders#create}
     * the runtime matched, or {@code null} at a servlet.
     */
    public void saw(RequestView request, String resourceMethod) {
        String method = request.method();
        if (method == null) {
            return;
        }
        List<String> commands = Collections.emptyList();
        if (!Gate.changesState(method)) {
            if (!mayChangeState(request)) {
                return;
            }
            commands = commandParameters(request.rawQuery());
        }
        String path = collapse(request.path());
        String id = method + " " + path + (resourceMethod == null ? "" : " " + resourceMethod);
        UndeclaredEntry entry = entries.get(id);
        if (entry == null) {
            if (entries.size() >= MAX_ENTRIES) {
                beyondBound.incrementAndGet();
                return;
            }
            entry = entries.computeIfAbsent(id, ignored -> new UndeclaredEntry(method, path, resourceMethod));
        }
        entry.saw(!request.headers(keyHeader).isEmpty(), mediaType(request.headers("Content-Type")),
                request.principal() != null, sessionCookieName(request.headers("Cookie")), tenantHeaders(request),
                commands);
    }

    /** A GET is listed only when it may change state: it carries a key, or its query names a command. */
    public boolean mayChangeState(RequestView request) {
        return "GET".equals(request.method())
                && (!request.headers(keyHeader).isEmpty() || !commandParameters(request.rawQuery()).isEmpty());
    }

    /**
     * The names of a query's parameters that read as a command: a verb alone or before a capital,
     * digit, {@code _} or {@code -} ({@code newOrder=}, {@code confirmed=true}, {@code delete_id=}; not
     * {@code address}). Names only: values are never kept.
     */
    static List<String> commandParameters(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return Collections.emptyList();
        }
        List<String> commands = new ArrayList<>(2);
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            if (name.length() <= 64 && COMMAND.matcher(name).matches() && !commands.contains(name)) {
                commands.add(name);
            }
        }
        return commands;
    }

    /**
     * The path in {@link RoutedPath}'s normal form, the one routing matches, with every numeric, UUID
     * or long hex segment replaced by {@code {id}}: every spelling of one handler is one entry, and the
     * path listed, once declared, routes them all.
     */
    public static String collapse(String path) {
        String normal = RoutedPath.normalise(path);
        if (normal.equals("/")) {
            return normal;
        }
        StringBuilder collapsed = new StringBuilder(normal.length());
        for (String segment : normal.substring(1).split("/")) {
            collapsed.append('/').append(NUMBER.matcher(segment).matches() || UUID.matcher(segment).matches()
                    || HEX_ID.matcher(segment).matches() ? "{id}" : segment);
        }
        return collapsed.toString();
    }

    /** {@code application/json} of {@code application/json; charset=UTF-8}; {@code null} when absent or not a media type. */
    static String mediaType(List<String> contentTypes) {
        if (contentTypes.isEmpty()) {
            return null;
        }
        String value = contentTypes.get(0);
        int parameters = value.indexOf(';');
        String type = (parameters < 0 ? value : value.substring(0, parameters)).trim().toLowerCase(Locale.ROOT);
        // A media type name only: whatever else a client put there is not kept.
        return type.length() <= 100 && type.matches("[a-z0-9!#$&^_.+-]+/[a-z0-9!#$&^_.+-]+") ? type : null;
    }

    /** The name of the first cookie that holds a session, {@code null} when none does. */
    static String sessionCookieName(List<String> cookieHeaders) {
        for (String header : cookieHeaders) {
            for (String pair : header.split(";")) {
                int eq = pair.indexOf('=');
                String name = eq > 0 ? pair.substring(0, eq).trim() : "";
                if (name.toLowerCase(Locale.ROOT).contains("sess") && name.matches("[A-Za-z0-9_.-]{1,64}")) {
                    return name;
                }
            }
        }
        return null;
    }

    private static List<String> tenantHeaders(RequestView request) {
        List<String> present = null;
        for (String name : TENANT_HEADERS) {
            if (!request.headers(name).isEmpty()) {
                if (present == null) {
                    present = new ArrayList<>(2);
                }
                present.add(name);
            }
        }
        return present == null ? Collections.emptyList() : present;
    }

    /** One line per entry, most requested first; then how many requests went beyond the bound, if any. */
    public String[] lines() {
        List<String> lines = new ArrayList<>();
        for (UndeclaredEntry entry : sorted()) {
            lines.add(entry.line(keyHeader));
        }
        long dropped = beyondBound.get();
        if (dropped > 0) {
            lines.add(dropped + " more request(s) to further paths, not listed: at most " + MAX_ENTRIES
                    + " method and path pairs are kept");
        }
        return lines.toArray(new String[0]);
    }

    /** A ready-to-edit {@code endpoints:} list, one endpoint per entry, most requested first. */
    public String endpointsSkeleton() {
        return EndpointSkeleton.of(sorted(), keyHeader);
    }

    private List<UndeclaredEntry> sorted() {
        List<UndeclaredEntry> sorted = new ArrayList<>(entries.values());
        sorted.sort(UndeclaredEntry.MOST_REQUESTED_FIRST);
        return sorted;
    }
}
