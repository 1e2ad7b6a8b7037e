package dev.idempotency.agent.config;

import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.HttpToken;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Reads fields that hold HTTP header names, which must be valid tokens (RFC 9110). */
final class HeaderFields {

    private static final String FORMS = "is not a header name; use letters, digits and -, like Idempotency-Key";

    /** Credentials never reach the attempt log, whatever the allow-list says. */
    static final Set<String> NEVER_LOGGED = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("authorization", "proxy-authorization", "cookie", "set-cookie")));

    /** Credentials, hop-by-hop and per-response headers are never replayed (see the contract's Replay). */
    static final Set<String> NEVER_REPLAYED = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("set-cookie", "www-authenticate", "authorization", "proxy-authenticate", "proxy-authorization", "date", "content-length", "connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection")));

    private HeaderFields() {
    }

    static boolean isHeaderName(String name) {
        return HttpToken.isToken(name);
    }

    /** One header name; {@code emptyAllowed} for fields where empty means "off". */
    static String one(FieldReader reader, String field, String fallback, boolean emptyAllowed) {
        String name = reader.text(field, null);
        if (name == null) {
            return fallback;
        }
        if (name.isEmpty() ? !emptyAllowed : !isHeaderName(name)) {
            reader.problem(reader.pathOf(field), name, FORMS);
            return fallback;
        }
        return name;
    }

    /** A list of header names, none of them in {@code refused}, which {@code refusal} explains. */
    static List<String> list(FieldReader reader, String field, List<String> fallback, Set<String> refused,
            String refusal) {
        List<String> names = new ArrayList<>();
        boolean set = reader.eachItem(field, (name, at) -> {
            if (!isHeaderName(name)) {
                reader.problem(at, name, FORMS);
            } else if (refused.contains(name.toLowerCase(Locale.ROOT))) {
                reader.problem(at, name, refusal);
            } else {
                names.add(name);
            }
        });
        return set ? names : fallback;
    }
}
