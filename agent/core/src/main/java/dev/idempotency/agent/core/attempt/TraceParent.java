package dev.idempotency.agent.core.attempt;

import java.util.List;

/**
 * The caller's trace position from a W3C Trace Context {@code traceparent} header
 * ({@code 00-<trace-id>-<parent-id>-<flags>}), so an attempt event can be found from the trace it
 * belongs to. Only a well-formed header is taken: lower-case hex of the right lengths, ids not all
 * zeros, version not {@code ff}, exactly one header line; anything else is ignored and never
 * echoed. A later version may append fields after a {@code -}, as the specification allows.
 */
public final class TraceParent {

    public static final String HEADER = "traceparent";
    private static final int LENGTH = 55;

    private final String traceId;
    private final String spanId;

    private TraceParent(String traceId, String spanId) {
        this.traceId = traceId;
        this.spanId = spanId;
    }

    /** The trace position in these header lines, or {@code null} when there is none or it is malformed. */
    public static TraceParent parse(List<String> headerLines) {
        if (headerLines == null || headerLines.size() != 1) {
            return null;
        }
        String value = headerLines.get(0).trim();
        if (value.length() < LENGTH || (value.length() > LENGTH && value.charAt(LENGTH) != '-')) {
            return null;
        }
        String version = value.substring(0, 2);
        if (!isHex(version) || version.equals("ff") || (version.equals("00") && value.length() != LENGTH)
                || value.charAt(2) != '-' || value.charAt(35) != '-' || value.charAt(52) != '-') {
            return null;
        }
        String traceId = value.substring(3, 35);
        String parentId = value.substring(36, 52);
        if (!isHex(traceId) || !isHex(parentId) || !isHex(value.substring(53, 55))
                || isZeros(traceId) || isZeros(parentId)) {
            return null;
        }
        return new TraceParent(traceId, parentId);
    }

    /** A trace position from ids read elsewhere (an active span), checked as a header's would be. */
    static TraceParent of(String traceId, String spanId) {
        if (traceId == null || spanId == null || traceId.length() != 32 || spanId.length() != 16
                || !isHex(traceId) || !isHex(spanId) || isZeros(traceId) || isZeros(spanId)) {
            return null;
        }
        return new TraceParent(traceId, spanId);
    }

    /**
     * The trace position of a request: the application's active OpenTelemetry span when it has one
     * (the server span of this request, with the same trace id as the caller's), else the caller's
     * {@code traceparent} header.
     */
    public static TraceParent ofRequest(List<String> traceparentLines) {
        TraceParent active = ActiveSpan.current();
        return active != null ? active : parse(traceparentLines);
    }

    /** 32 lower-case hex digits. */
    public String traceId() {
        return traceId;
    }

    /** The span: the caller's (from {@code traceparent}) or the active one; 16 lower-case hex digits. */
    public String spanId() {
        return spanId;
    }

    private static boolean isHex(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZeros(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != '0') {
                return false;
            }
        }
        return true;
    }
}
