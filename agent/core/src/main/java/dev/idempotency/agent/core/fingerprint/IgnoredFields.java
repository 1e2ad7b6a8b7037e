package dev.idempotency.agent.core.fingerprint;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * JSON fields left out of the fingerprint: a plain name ({@code requestedAt}) at any depth, or a
 * dot path from the root ({@code payment.meta.traceId}). Arrays are transparent to paths: a path
 * names the field in every element.
 */
public final class IgnoredFields {

    private final Set<String> names = new HashSet<>();
    private final Set<String> paths = new HashSet<>();

    public IgnoredFields(Collection<String> fields) {
        for (String field : fields) {
            String trimmed = field.trim();
            if (trimmed.isEmpty()) {
                throw new IllegalArgumentException("an ignored field must not be empty");
            }
            (trimmed.indexOf('.') >= 0 ? paths : names).add(trimmed);
        }
    }

    boolean isEmpty() {
        return names.isEmpty() && paths.isEmpty();
    }

    boolean tracksPaths() {
        return !paths.isEmpty();
    }

    /** {@code path} is the dot path of the field, or {@code null} when no paths are configured. */
    boolean ignores(String name, String path) {
        return names.contains(name) || (path != null && paths.contains(path));
    }
}
