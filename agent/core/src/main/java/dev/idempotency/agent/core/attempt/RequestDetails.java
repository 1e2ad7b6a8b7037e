package dev.idempotency.agent.core.attempt;

import java.util.Collections;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The parts of a request that a listener asks to see in its events beyond the fixed fields:
 * the values of some headers, and the body. Nothing else ever reaches an event, so a listener
 * cannot leak what it was never given.
 */
public final class RequestDetails {

    /** Only the fixed fields. */
    public static final RequestDetails NONE = new RequestDetails(Collections.emptyList(), false);

    private final List<String> headerNames;
    private final boolean body;

    public RequestDetails(List<String> headerNames, boolean body) {
        this.headerNames = Collections.unmodifiableList(new ArrayList<>(headerNames));
        this.body = body;
    }

    /** Request headers whose values the events carry, spelled as configured. */
    public List<String> headerNames() {
        return headerNames;
    }

    /** Whether the events carry the request body (and its content type) when it was read. */
    public boolean body() {
        return body;
    }

    /** What either asks for: the headers of both, the body if one wants it. */
    public RequestDetails and(RequestDetails other) {
        Set<String> names = new LinkedHashSet<>(headerNames);
        names.addAll(other.headerNames);
        return new RequestDetails(new ArrayList<>(names), body || other.body);
    }
}
