package dev.idempotency.agent.vocabulary;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;

/**
 * A path template such as {@code /orders/{id}/payments}: literal segments match themselves, a
 * {@code {name}} segment matches exactly one non-empty segment. Templates are matched against
 * the path the container routed, decoded and in normal form (no {@code //}, no dot segments, no
 * path parameters such as {@code ;jsessionid=}, no trailing slash), so a template is written the
 * same way: decoded, and a trailing slash is allowed but means nothing ({@code /orders/} is
 * {@code /orders}). Matching walks the path in place and allocates nothing.
 */
public final class PathTemplate implements Comparable<PathTemplate> {

    private final String text;
    /** The segments after the leading {@code /}; variables keep their braces. */
    private final List<String> segments;
    /** Literal text per segment, or {@code null} for a variable: what matching compares. */
    private final String[] literals;

    private PathTemplate(String text, List<String> segments) {
        this.text = text;
        this.segments = Collections.unmodifiableList(new ArrayList<>(segments));
        this.literals = new String[segments.size()];
        for (int i = 0; i < literals.length; i++) {
            String segment = segments.get(i);
            literals[i] = isVariable(segment) ? null : segment;
        }
    }

    /**
     * Parses a template.
     *
     * @throws IllegalArgumentException with the reason, when the text is not a template
     */
    public static PathTemplate of(String text) {
        String problem = problemWith(text);
        if (problem != null) {
            throw new IllegalArgumentException("\"" + text + "\" " + problem);
        }
        return new PathTemplate(text, split(withoutTrailingSlash(text)));
    }

    private static String withoutTrailingSlash(String text) {
        return text.length() > 1 && text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    /** Why the text is not a template, in words; {@code null} when it is one. */
    public static String problemWith(String text) {
        if (!text.startsWith("/")) {
            return "is not a path template; it must start with /, like /orders/{id}";
        }
        if (text.contains("?") || text.contains("#")) {
            return "is not a path template; leave out the query string, like /orders/{id}";
        }
        if (!bracesBalanced(text)) {
            return "is not a path template; braces must be balanced, like /orders/{id}";
        }
        if (text.contains(";")) {
            return "is not a path template; path parameters (;name=value) are removed before matching, leave them out";
        }
        if (text.contains("%")) {
            return "is not a path template; paths are matched decoded, write each character as itself, not %-escaped";
        }
        if (text.contains("//")) {
            // The container collapses // before routing, but a template is written in normal form:
            // "//" declared for "/" reads as a typo, and one spelling per endpoint keeps overlaps visible.
            return "is not a path template; it has an empty segment (//), write one / between segments, like /orders/{id}";
        }
        for (String segment : split(withoutTrailingSlash(text))) {
            if (segment.equals(".") || segment.equals("..")) {
                return "is not a path template; dot segments (. and ..) are resolved before matching, leave them out";
            }
            if (segment.indexOf('{') >= 0 && !isVariable(segment)) {
                return "is not a path template; a variable must be a whole named segment, like /orders/{id}";
            }
        }
        return null;
    }

    private static boolean bracesBalanced(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}') {
                depth--;
            }
            if (depth < 0 || depth > 1) {
                return false;
            }
        }
        return depth == 0;
    }

    private static boolean isVariable(String segment) {
        return segment.length() > 2 && segment.startsWith("{") && segment.endsWith("}")
                && segment.indexOf('{', 1) < 0 && segment.indexOf('}') == segment.length() - 1;
    }

    private static List<String> split(String text) {
        List<String> segments = new ArrayList<>();
        int start = 1;
        while (true) {
            int slash = text.indexOf('/', start);
            if (slash < 0) {
                segments.add(text.substring(start));
                return segments;
            }
            segments.add(text.substring(start, slash));
            start = slash + 1;
        }
    }

    /** The template as written. */
    public String text() { return text; }

    /** The segments after the leading {@code /}; variables keep their braces. */
    public List<String> segments() { return segments; }

    /** The names of the variables, in order. */
    public List<String> variableNames() {
        List<String> names = new ArrayList<>();
        for (String segment : segments) {
            if (isVariable(segment)) {
                names.add(segment.substring(1, segment.length() - 1));
            }
        }
        return names;
    }

    /** True when the template has no variables, so a plain string comparison decides. */
    public boolean isExact() {
        for (String literal : literals) {
            if (literal == null) {
                return false;
            }
        }
        return true;
    }

    /** The first segment's literal, or {@code null} when it is a variable. */
    public String firstLiteral() {
        return literals[0];
    }

    /** Whether a request path in normal form (relative to the context path, no query string) matches. */
    public boolean matches(String path) {
        if (path.isEmpty() || path.charAt(0) != '/') {
            return false;
        }
        int start = 1;
        for (int i = 0; i < literals.length; i++) {
            if (start > path.length()) {
                return false;
            }
            int slash = path.indexOf('/', start);
            int end = slash < 0 ? path.length() : slash;
            String literal = literals[i];
            if (literal == null) {
                if (end == start) {
                    return false;
                }
            } else if (end - start != literal.length() || !path.regionMatches(start, literal, 0, literal.length())) {
                return false;
            }
            boolean lastSegment = i == literals.length - 1;
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

    /** The template with variable names erased: two templates with one shape match the same paths. */
    public String shape() {
        StringBuilder shape = new StringBuilder();
        for (String literal : literals) {
            shape.append('/').append(literal == null ? "{}" : literal);
        }
        return shape.toString();
    }

    /** More specific first: at the first differing segment, a literal beats a variable. */
    @Override
    public int compareTo(PathTemplate other) {
        int shared = Math.min(literals.length, other.literals.length);
        for (int i = 0; i < shared; i++) {
            boolean literal = literals[i] != null;
            boolean otherLiteral = other.literals[i] != null;
            if (literal != otherLiteral) {
                return literal ? -1 : 1;
            }
        }
        return Integer.compare(other.literals.length, literals.length);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PathTemplate && text.equals(((PathTemplate) other).text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
