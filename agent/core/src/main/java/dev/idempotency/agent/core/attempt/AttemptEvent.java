package dev.idempotency.agent.core.attempt;

import java.util.LinkedHashMap;
import java.util.Collections;
import dev.idempotency.agent.core.downstream.DownstreamCall;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One attempt at a declared endpoint, as the attempt log will write it. Holds no query string,
 * and no header or body beyond the key, scope and request id unless the listener asked for them
 * ({@link RequestDetails}); redacting those is the log's job.
 */
public final class AttemptEvent {

    private final Instant timestamp;
    private final Decision decision;
    private final String reason;
    private final String key;
    private final String scope;
    private final String requestId;
    private final int attempt;
    private final String endpoint;
    private final String method;
    private final String route;
    private final String path;
    private final int status;
    private final long durationNanos;
    private final Long remainingDeadlineMillis;
    private final ErrorType errorType;
    private final boolean fingerprintFellBackToRaw;
    private final Map<String, List<String>> requestHeaders;
    private final byte[] requestBody;
    private final String requestContentType;
    private final TraceParent trace;
    private final DownstreamCall downstream;

    private AttemptEvent(Builder b) {
        this.timestamp = b.timestamp;
        this.decision = b.decision;
        this.reason = b.reason;
        this.key = b.key;
        this.scope = b.scope;
        this.requestId = b.requestId;
        this.attempt = b.attempt;
        this.endpoint = b.endpoint;
        this.method = b.method;
        this.route = b.route;
        this.path = b.path;
        this.status = b.status;
        this.durationNanos = b.durationNanos;
        this.remainingDeadlineMillis = b.remainingDeadlineMillis;
        this.errorType = b.errorType;
        this.fingerprintFellBackToRaw = b.fingerprintFellBackToRaw;
        this.requestHeaders = b.requestHeaders;
        this.requestBody = b.requestBody;
        this.requestContentType = b.requestContentType;
        this.trace = b.trace;
        this.downstream = b.downstream;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Instant timestamp() { return timestamp; }
    public Decision decision() { return decision; }
    /** Why, in words. */
    public String reason() { return reason; }
    /** The key as sent (unquoted), or {@code null} when missing or invalid. */
    public String key() { return key; }
    /** The resolved scope ({@code ""} for service-wide), or {@code null} when not resolved. */
    public String scope() { return scope; }
    public String requestId() { return requestId; }
    /** The store's count of requests seen for this key; 0 when the store was not reached. */
    public int attempt() { return attempt; }
    /** The declared endpoint's name. */
    public String endpoint() { return endpoint; }
    public String method() { return method; }
    /** The route template (or resource method) that matched. */
    public String route() { return route; }
    /** The request path, unmasked; the log masks configured segments. */
    public String path() { return path; }
    /** The status the client got; 0 when the application ran unobserved (fail-open). */
    public int status() { return status; }
    public long durationNanos() { return durationNanos; }
    /** Milliseconds left before the client's deadline, or {@code null} without one. */
    public Long remainingDeadlineMillis() { return remainingDeadlineMillis; }
    /** The failure class, or {@code null}. */
    public ErrorType errorType() { return errorType; }
    public boolean fingerprintFellBackToRaw() { return fingerprintFellBackToRaw; }
    /** Values of the headers the listener asked for (names as it spelled them); empty otherwise. */
    public Map<String, List<String>> requestHeaders() { return requestHeaders; }
    /**
     * The request body when the listener asked for it and the gate read it, else {@code null}.
     * Shared with the application's copy: read it, never change it.
     */
    public byte[] requestBody() { return requestBody; }
    /** The request's {@code Content-Type} when the body is present, else {@code null}. */
    public String requestContentType() { return requestContentType; }

    /** The caller's W3C trace position, or {@code null}. */
    public TraceParent trace() { return trace; }

    /** The downstream call of a {@link Decision#PROPAGATED} or {@link Decision#DOWNSTREAM_UNKEYED} event, else {@code null}. */
    public DownstreamCall downstream() { return downstream; }

    @Override
    public String toString() {
        return "AttemptEvent[" + decision.label() + " " + status + " " + method + " " + route + " key=" + key
                + " attempt=" + attempt + " requestId=" + requestId + " reason=" + reason
                + (errorType == null ? "" : " error=" + errorType.label())
                + (downstream == null ? "" : " downstream=" + downstream) + "]";
    }

    /** Collects an event's fields. */
    public static final class Builder {
        private Instant timestamp;
        private Decision decision;
        private String reason;
        private String key;
        private String scope;
        private String requestId;
        private int attempt;
        private String endpoint;
        private String method;
        private String route;
        private String path;
        private int status;
        private long durationNanos;
        private Long remainingDeadlineMillis;
        private ErrorType errorType;
        private boolean fingerprintFellBackToRaw;
        private Map<String, List<String>> requestHeaders = Collections.emptyMap();
        private byte[] requestBody;
        private String requestContentType;
        private TraceParent trace;
        private DownstreamCall downstream;

        private Builder() {
        }

        public Builder timestamp(Instant timestamp) { this.timestamp = timestamp; return this; }
        public Builder decision(Decision decision) { this.decision = decision; return this; }
        public Builder reason(String reason) { this.reason = reason; return this; }
        public Builder key(String key) { this.key = key; return this; }
        public Builder scope(String scope) { this.scope = scope; return this; }
        public Builder requestId(String requestId) { this.requestId = requestId; return this; }
        public Builder attempt(int attempt) { this.attempt = attempt; return this; }
        public Builder endpoint(String endpoint) { this.endpoint = endpoint; return this; }
        public Builder method(String method) { this.method = method; return this; }
        public Builder route(String route) { this.route = route; return this; }
        public Builder path(String path) { this.path = path; return this; }
        public Builder status(int status) { this.status = status; return this; }
        public Builder durationNanos(long durationNanos) { this.durationNanos = durationNanos; return this; }
        public Builder remainingDeadlineMillis(Long millis) { this.remainingDeadlineMillis = millis; return this; }
        public Builder errorType(ErrorType errorType) { this.errorType = errorType; return this; }
        public Builder fingerprintFellBackToRaw(boolean fellBack) { this.fingerprintFellBackToRaw = fellBack; return this; }
        public Builder requestHeaders(Map<String, List<String>> headers) { this.requestHeaders = Collections.unmodifiableMap(new LinkedHashMap<>(headers)); return this; }
        public Builder requestBody(byte[] body, String contentType) {
            this.requestBody = body;
            this.requestContentType = contentType;
            return this;
        }

        public Builder trace(TraceParent trace) {
            this.trace = trace;
            return this;
        }

        public Builder downstream(DownstreamCall call) {
            this.downstream = call;
            return this;
        }

        public AttemptEvent build() {
            if (timestamp == null || decision == null) {
                throw new IllegalStateException("an attempt event needs a timestamp and a decision");
            }
            return new AttemptEvent(this);
        }
    }
}
