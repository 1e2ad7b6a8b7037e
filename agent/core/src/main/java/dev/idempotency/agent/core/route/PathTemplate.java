package dev.idempotency.agent.core.route;

import java.util.ArrayList;
import java.util.List;

/**
 * A path template compiled into segments: literals compared as written, {@code {name}} matching
 * exactly one non-empty segment. Matching walks the path in place and allocates nothing. Paths
 * are matched in their {@link RoutedPath} normal form, so a template's trailing slash is dropped
 * too: {@code /orders/} and {@code /orders} are one template.
 */
final class PathTemplate implements Comparable<PathTemplate> {

    private final String text;
    /** Literal text per segment, or {@code null} for a variable. */
    private final String[] segments;

    private PathTemplate(String text, String[] segments) {
        this.text = text;
        this.segments = segments;
    }

    static PathTemplate compile(String template) {
        if (!template.startsWith("/")) {
            throw new IllegalArgumentException("path template must start with /: " + template);
        }
        if (template.length() > 1 && template.endsWith("/")) {
            template = template.substring(0, template.length() - 1);
        }
        List<String> parts = new ArrayList<>();
        int start = 1;
        while (true) {
            int slash = template.indexOf('/', start);
            int end = slash < 0 ? template.length() : slash;
            String segment = template.substring(start, end);
            parts.add(isVariable(segment) ? null : checkedLiteral(segment, template));
            if (slash < 0) {
                break;
            }
            start = slash + 1;
        }
        return new PathTemplate(template, parts.toArray(new String[0]));
    }

    private static boolean isVariable(String segment) {
        return segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}");
    }

    private static String checkedLiteral(String segment, String template) {
        if (segment.indexOf('{') >= 0 || segment.indexOf('}') >= 0) {
            throw new IllegalArgumentException("a variable must fill a whole segment: " + template);
        }
        return segment;
    }

    /** True when the template has no variables, so a plain string comparison decides. */
    boolean isExact() {
        for (String segment : segments) {
            if (segment == null) {
                return false;
            }
        }
        return true;
    }

    /** The first segment's literal, or {@code null} when it is a variable. */
    String firstLiteral() {
        return segments[0];
    }

    String text() {
        return text;
    }

    boolean matches(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            return false;
        }
        int start = 1;
        for (int i = 0; i < segments.length; i++) {
            if (start > path.length()) {
                return false;
            }
            int slash = path.indexOf('/', start);
            int end = slash < 0 ? path.length() : slash;
            String literal = segments[i];
            if (literal == null) {
                if (end == start) {
                    return false;
                }
            } else if (end - start != literal.length() || !path.regionMatches(start, literal, 0, literal.length())) {
                return false;
            }
            boolean lastSegment = i == segments.length - 1;
            if (lastSegment) {
                return slash < 0;
            }
            if (slash < 0) {
                return false;
            }
            start = slash + 1;
        }
        return false;
    }

    /** More specific first: at the first differing segment, a literal beats a variable. */
    @Override
    public int compareTo(PathTemplate other) {
        int shared = Math.min(segments.length, other.segments.length);
        for (int i = 0; i < shared; i++) {
            boolean literal = segments[i] != null;
            boolean otherLiteral = other.segments[i] != null;
            if (literal != otherLiteral) {
                return literal ? -1 : 1;
            }
        }
        return Integer.compare(other.segments.length, segments.length);
    }

    @Override
    public String toString() {
        return text;
    }
}
