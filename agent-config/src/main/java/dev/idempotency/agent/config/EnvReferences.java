package dev.idempotency.agent.config;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves {@code ${env:NAME}} and {@code ${env:NAME:-default}} in string values as the binder
 * reads them, so any field can come from the environment and problems keep the order of the file.
 * {@code $$} writes a literal {@code $}. A value whose variable is missing counts as "not set" after
 * the problem is reported, so the same field is not reported a second time.
 */
final class EnvReferences {

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{env:([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?}");

    private final Function<String, String> env;
    private final ProblemList problems;

    EnvReferences(Function<String, String> env, ProblemList problems) {
        this.env = env;
        this.problems = problems;
    }

    /** The text with its references replaced, or {@code null} when one cannot be resolved. */
    String resolve(String text, String at) {
        if (text.indexOf('$') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        boolean complete = true;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c != '$') {
                out.append(c);
                i++;
            } else if (text.startsWith("$$", i)) {
                out.append('$');
                i += 2;
            } else if (text.startsWith("${", i)) {
                Matcher m = REFERENCE.matcher(text).region(i, text.length());
                if (!m.lookingAt()) {
                    problems.add(at, text, "has a malformed reference; write ${env:NAME} or ${env:NAME:-default},"
                            + " or $${ for a literal ${");
                    return null;
                }
                String value = valueOf(m.group(1), m.group(3), at);
                if (value == null) {
                    complete = false;
                } else {
                    out.append(value);
                }
                i = m.end();
            } else {
                out.append(c);
                i++;
            }
        }
        return complete ? out.toString() : null;
    }

    private String valueOf(String name, String fallback, String at) {
        String value = env.apply(name);
        if (fallback != null) {
            // As in a shell: the default also stands in for a variable that is set but empty.
            return value == null || value.isEmpty() ? fallback : value;
        }
        if (value == null) {
            problems.add(at, null, "${env:" + name + "} is not set; export it or write ${env:" + name + ":-default}");
        }
        return value;
    }

    /** The environment of this process, as a lookup function. */
    static Function<String, String> system() {
        Map<String, String> env = System.getenv();
        return env::get;
    }
}
