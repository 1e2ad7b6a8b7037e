package dev.idempotency.agent.core.route;

/**
 * The one spelling of a path that a container routed. Containers and JAX-RS runtimes hand the
 * agent a decoded path (percent-escapes resolved) but still accept many spellings of one handler:
 * {@code //orders}, {@code /./orders}, {@code /x/../orders}, {@code /orders/;x}, {@code /orders/}.
 * Endpoints are matched, and requests fingerprinted, on this normal form, so every spelling that
 * reaches a declared handler is the same endpoint and the same operation:
 *
 * <ul>
 *   <li>path parameters ({@code ;x=1}, {@code ;jsessionid=...}) are dropped from every segment;</li>
 *   <li>empty segments ({@code //}, a trailing {@code /}) and {@code .} are dropped;</li>
 *   <li>{@code ..} removes the segment before it (never above the root).</li>
 * </ul>
 *
 * <p>A path already in normal form is returned as it is, without allocating: the common case
 * costs one scan.
 */
public final class RoutedPath {

    private RoutedPath() {
    }

    /** The normal form of {@code path}: {@code /} and segments joined by single slashes, no trailing slash. */
    public static String normalise(String path) {
        if (path == null || path.isEmpty()) {
            return "/";
        }
        if (isNormal(path)) {
            return path;
        }
        String[] kept = new String[path.length()];
        int depth = 0;
        int start = 0;
        while (start <= path.length()) {
            int slash = path.indexOf('/', start);
            int end = slash < 0 ? path.length() : slash;
            String segment = withoutParameters(path.substring(start, end));
            if (segment.equals("..")) {
                depth = Math.max(0, depth - 1);
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                kept[depth++] = segment;
            }
            start = end + 1;
        }
        if (depth == 0) {
            return "/";
        }
        StringBuilder normal = new StringBuilder(path.length());
        for (int i = 0; i < depth; i++) {
            normal.append('/').append(kept[i]);
        }
        return normal.toString();
    }

    /** True when {@link #normalise} would return the path unchanged. */
    static boolean isNormal(String path) {
        if (path.equals("/")) {
            return true;
        }
        if (path.charAt(0) != '/' || path.charAt(path.length() - 1) == '/' || path.indexOf(';') >= 0) {
            return false;
        }
        for (int i = 1; i < path.length(); i++) {
            if (path.charAt(i) == '/' && path.charAt(i - 1) == '/') {
                return false;
            }
            if (path.charAt(i) == '.' && path.charAt(i - 1) == '/' && isDotSegment(path, i)) {
                return false;
            }
        }
        return true;
    }

    /** {@code .} or {@code ..} starting at {@code dot}, ending at a slash or the end of the path. */
    private static boolean isDotSegment(String path, int dot) {
        int end = path.indexOf('/', dot);
        int length = (end < 0 ? path.length() : end) - dot;
        return length == 1 || (length == 2 && path.charAt(dot + 1) == '.');
    }

    private static String withoutParameters(String segment) {
        int semicolon = segment.indexOf(';');
        return semicolon < 0 ? segment : segment.substring(0, semicolon);
    }
}
