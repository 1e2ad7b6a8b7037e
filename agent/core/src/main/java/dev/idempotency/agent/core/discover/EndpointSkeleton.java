package dev.idempotency.agent.core.discover;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code endpoints:} list an operator starts from, safe for the traffic seen when pasted: one
 * endpoint per undeclared entry, matched by its resource method where a JAX-RS runtime named one
 * (with the path it was routed by, which {@code verify} needs to call it), else by its path. What
 * the requests showed becomes a setting only when it points one way (JSON bodies, one kind of
 * credentials, no key ever sent: {@code required: false}); otherwise it is a comment for the
 * operator to decide. A login or logout, and a GET that may change state, are comments saying why
 * they are not drafted.
 */
final class EndpointSkeleton {

    private static final String PLAIN_PATH = "[A-Za-z0-9/{}._~-]+";
    private static final List<String> LOGIN_OR_LOGOUT = Arrays.asList("login", "logon", "signin", "logout", "logoff",
            "signout", "jsecuritycheck");

    private EndpointSkeleton() {
    }

    static String of(List<UndeclaredEntry> entries, String keyHeader) {
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder drafted = new StringBuilder();
        StringBuilder notDrafted = new StringBuilder();
        Set<String> names = new HashSet<>();
        for (UndeclaredEntry entry : entries) {
            if (isLoginOrLogout(entry.path)) {
                notDrafted.append("  # not drafted: ").append(entry.method).append(' ').append(entry.path)
                        .append(", a login or logout: it opens or ends a session, a repeat of it does no harm, and a ")
                        .append("required key would turn every user away\n");
            } else if (entry.isGet()) {
                getNotDrafted(notDrafted, entry, unique(nameOf(entry), names));
            } else {
                endpoint(drafted, entry, unique(nameOf(entry), names), keyHeader);
            }
        }
        return (drafted.length() == 0 ? "" : "endpoints:\n" + drafted) + notDrafted;
    }

    private static void endpoint(StringBuilder yaml, UndeclaredEntry entry, String name, String keyHeader) {
        yaml.append("  - name: ").append(name).append('\n');
        yaml.append("    method: ").append(entry.method).append('\n');
        if (entry.resourceMethod != null) {
            yaml.append("    resource-method: ").append(entry.resourceMethod).append('\n');
            yaml.append("    path: ").append(quotedIfNeeded(entry.path))
                    .append("   # below the JAX-RS application root: verify calls it there\n");
        } else {
            yaml.append("    path: ").append(quotedIfNeeded(entry.path)).append('\n');
        }
        if (!entry.keySeen()) {
            yaml.append("    required: false   # its callers never sent ").append(keyHeader).append(" (a browser's form ")
                    .append("does not): with true every one of them gets 400 until it sends one; without a key a ")
                    .append("request runs unprotected\n");
        }
        if (entry.jsonSeen()) {
            yaml.append("    fingerprint:\n      mode: json\n");
        }
        yaml.append(scope(entry));
    }

    /**
     * A GET that may change state, as a comment: what was seen, and its declaration to uncomment.
     * Not drafted as an endpoint: browsers and crawlers repeat GETs freely, so declaring one is the
     * operator's decision.
     */
    private static void getNotDrafted(StringBuilder yaml, UndeclaredEntry entry, String name) {
        Set<String> commands = entry.commandParameters();
        yaml.append("  # not drafted: GET ").append(entry.path).append(", a GET that may change state (")
                .append(commands.isEmpty() ? "it carried a key" : "its query names " + String.join(", ", commands))
                .append("); to protect it, uncomment (its callers send no key, so it runs unprotected until they do):\n");
        yaml.append("  # - name: ").append(name).append('\n');
        yaml.append("  #   method: GET\n");
        yaml.append("  #   path: ").append(quotedIfNeeded(entry.path)).append('\n');
        if (!entry.keySeen()) {
            yaml.append("  #   required: false\n");
        }
    }

    /** A path whose last segment names a login or logout ({@code /login}, {@code /j_security_check}, {@code /Logout.action}). */
    static boolean isLoginOrLogout(String path) {
        String last = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        int dot = last.indexOf('.');
        String name = (dot < 0 ? last : last.substring(0, dot)).replaceAll("[-_]", "");
        return LOGIN_OR_LOGOUT.contains(name);
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
