package dev.idempotency.agent.vocabulary;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An endpoint's {@code propagate-key}, {@code propagate-key-header} and
 * {@code propagate-deadline-header}: whether the unsafe HTTP
 * calls its handler makes while a protected request executes carry a key derived from the
 * request's, and to which targets. Off by default.
 *
 * <p>A target is a host ({@code payments.internal}, any port), a host and port
 * ({@code payments.internal:8443}), or a URL prefix ({@code https://api.stripe.com/v1/}); no target
 * means every host.
 */
public final class PropagateKey {

    /** Propagation off: the default. */
    public static final PropagateKey OFF = new PropagateKey(false, Collections.emptyList(), "", "");

    private final boolean enabled;
    private final List<String> targets;
    private final String header;
    private final String deadlineHeader;

    private PropagateKey(boolean enabled, List<String> targets, String header, String deadlineHeader) {
        this.enabled = enabled;
        this.targets = Collections.unmodifiableList(new ArrayList<>(targets));
        this.header = header;
        this.deadlineHeader = deadlineHeader;
    }

    /**
     * @param targets hosts, host:port or URL prefixes; empty for every host
     * @param header  the header the derived key is sent in; empty for the endpoint's key header
     */
    public static PropagateKey to(List<String> targets, String header) {
        return new PropagateKey(true, targets, header == null ? "" : header, "");
    }

    /** The same targets (or none), with {@code header} as the header ("" for the endpoint's key header). */
    public PropagateKey withHeader(String header) {
        return new PropagateKey(enabled, targets, header == null ? "" : header, deadlineHeader);
    }

    /** The same, with {@code header} as the header the chain's deadline goes in ("" for the endpoint's deadline header). */
    public PropagateKey withDeadlineHeader(String header) {
        return new PropagateKey(enabled, targets, this.header, header == null ? "" : header);
    }

    /** The configured header of the chain's deadline; empty for the endpoint's {@code deadline.header}. */
    public String deadlineHeader() {
        return deadlineHeader;
    }

    public boolean enabled() {
        return enabled;
    }

    /** Empty: every host. */
    public List<String> targets() {
        return targets;
    }

    /** The configured header; empty for the endpoint's key header. */
    public String header() {
        return header;
    }

    /**
     * Whether a call to {@code url} ({@code scheme://host[:port]/path...}) gets a key:
     * {@code host} and {@code port} (-1 for the scheme's default) are the URL's.
     */
    public boolean appliesTo(String url, String host, int port) {
        if (!enabled) {
            return false;
        }
        if (targets.isEmpty()) {
            return true;
        }
        String lowerHost = host == null ? "" : host.toLowerCase(Locale.ROOT);
        for (String target : targets) {
            if (isUrlPrefix(target)) {
                if (url != null && url.regionMatches(true, 0, target, 0, target.length())) {
                    return true;
                }
            } else {
                int colon = target.lastIndexOf(':');
                if (colon > 0 && target.indexOf(']') < colon) {
                    if (target.substring(0, colon).equalsIgnoreCase(lowerHost)
                            && target.substring(colon + 1).equals(String.valueOf(port))) {
                        return true;
                    }
                } else if (target.equalsIgnoreCase(lowerHost)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What is wrong with {@code target} as a {@code propagate-key} entry, or {@code null} when it is one. */
    public static String targetProblem(String target) {
        if (target == null || target.trim().isEmpty()) {
            return "is empty; name a host, host:port or a URL prefix such as https://api.example.com/v1/";
        }
        if (target.chars().anyMatch(c -> c <= ' ' || c >= 0x7f)) {
            return "contains spaces or non-ASCII characters; name a host, host:port or a URL prefix";
        }
        if (isUrlPrefix(target)) {
            return target.indexOf('/', target.indexOf("://") + 3) == -1 && target.endsWith("://")
                    ? "has no host; write it as https://host/path" : null;
        }
        if (target.contains("/") || target.contains("://")) {
            return "is neither a host nor a URL; write a host (payments.internal), host:port, or a URL prefix "
                    + "starting with http:// or https://";
        }
        return null;
    }

    private static boolean isUrlPrefix(String target) {
        return target.regionMatches(true, 0, "http://", 0, 7) || target.regionMatches(true, 0, "https://", 0, 8);
    }

    @Override
    public String toString() {
        if (!enabled) {
            return "off";
        }
        return (targets.isEmpty() ? "every host" : String.join(", ", targets))
                + (header.isEmpty() ? "" : " in " + header);
    }
}
