package dev.idempotency.agent.core.discover;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code endpoints:} list an operator starts from: one endpoint per undeclared entry, matched
 * by its resource method where a JAX-RS runtime named one (with the path it was routed by, which
 * {@code verify} needs to call it), else by its path. What the requests
 * showed becomes a setting only when it points one way (JSON bodies, one kind of credentials);
 * otherwise it is a comment for the operator to decide.
 */
final class EndpointSkeleton {

    private static final String PLAIN_PATH = "[A-Za-z0-9/{}._~-]+";

    private EndpointSkeleton() {
    }

    static String of(List<UndeclaredEntry> entries) {
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder yaml = new StringBuilder("endpoints:\n");
        Set<String> names = new HashSet<>();
        for (UndeclaredEntry entry : entries) {
            yaml.append("  - name: ").append(unique(nameOf(entry), names)).append('\n');
            yaml.append("    method: ").append(entry.method).append('\n');
            if (entry.resourceMethod != null) {
                yaml.append("    resource-method: ").append(entry.resourceMethod).append('\n');
                yaml.append("    path: ").append(quotedIfNeeded(entry.path))
                        .append("   # below the JAX-RS application root: verify calls it there\n");
            } else {
                yaml.append("    path: ").append(quotedIfNeeded(entry.path)).append('\n');
            }
            if (entry.jsonSeen()) {
                yaml.append("    fingerprint:\n      mode: json\n");
            }
            yaml.append(scope(entry));
        }
        return yaml.toString();
    }

    /** {@code create} of {@code com.acme.Orders#create}, else the method and the path's named segments: {@code post-orders-payments}. */
    static String nameOf(UndeclaredEntry entry) {
        if (entry.resourceMethod != null) {
            return entry.resourceMethod.substring(entry.resourceMethod.indexOf('#') + 1);
        }
        StringBuilder name = new StringBuilder(entry.method.toLowerCase(Locale.ROOT));
        for (String segment : entry.path.split("/")) {
            if (!segment.isEmpty() && !segment.startsWith("{")) {
                name.append('-').append(segment.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
            }
        }
        return name.toString();
    }

    private static String unique(String name, Set<String> taken) {
        String candidate = name;
        for (int i = 2; !taken.add(candidate); i++) {
            candidate = name + "-" + i;
        }
        return candidate;
    }

    private static String quotedIfNeeded(String path) {
        return path.matches(PLAIN_PATH) ? path : "\"" + path.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A scope when the requests carried one kind of credentials, a comment with the candidates otherwise. */
    private static String scope(UndeclaredEntry entry) {
        List<String> candidates = new ArrayList<>();
        if (entry.principalSeen()) {
            candidates.add("principal");
        }
        entry.tenantHeaders().forEach(name -> candidates.add("header:" + name));
        entry.sessionCookies().forEach(name -> candidates.add("cookie:" + name));
        if (candidates.isEmpty()) {
            return "    # scope: none   (no credentials seen: a replay answers whoever sends the same key)\n";
        }
        if (candidates.size() == 1) {
            return "    scope: " + candidates.get(0) + "\n";
        }
        return "    # scope: one of " + String.join(", ", candidates) + "   (requests carried several; choose)\n";
    }
}
