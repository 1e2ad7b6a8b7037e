package dev.idempotency.agent.core.fingerprint;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A query string as the application reads it: {@code name=value} pairs, decoded the way servlet
 * containers and JAX-RS runtimes decode them ({@code +} is a space, UTF-8 escapes), grouped by
 * name in name order, each name's values in the order sent. Two spellings of one query (another
 * parameter order, {@code %41} for {@code A}) are the same parameters.
 */
final class QueryParameters {

    private final Map<String, List<String>> byName;

    private QueryParameters(Map<String, List<String>> byName) {
        this.byName = byName;
    }

    static QueryParameters parse(String rawQuery) {
        Map<String, List<String>> byName = new TreeMap<>();
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String pair : rawQuery.split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                byName.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
            }
        }
        return new QueryParameters(byName);
    }

    /** Every parameter name, sorted. */
    Iterable<String> names() {
        return byName.keySet();
    }

    /** The values of {@code name}, in the order sent; empty when absent. */
    List<String> values(String name) {
        return byName.getOrDefault(name, Collections.emptyList());
    }

    /** A malformed escape ({@code %zz}) stays as sent, as most containers keep it. */
    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, "UTF-8");
        } catch (IllegalArgumentException | java.io.UnsupportedEncodingException malformed) {
            return text;
        }
    }
}
