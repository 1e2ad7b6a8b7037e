package dev.idempotency.agent.core.policy;

import dev.idempotency.agent.core.deadline.DeadlineHeader;
import dev.idempotency.agent.core.fingerprint.FingerprintRecipe;
import dev.idempotency.agent.core.key.KeyParser;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.response.ReplayHeaders;
import dev.idempotency.agent.core.response.ResponseRetention;
import dev.idempotency.agent.core.scope.ScopeResolver;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointDefaults;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.PathTemplate;
import dev.idempotency.agent.vocabulary.PropagateKey;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.time.Duration;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The runtime settings of one declared endpoint. Immutable; built with {@link #builder()}, whose
 * defaults are the contract's. The parts that need preparing (key parser, scope resolver,
 * fingerprint recipe, header allow-list) are prepared once here, not per request.
 */
public final class EndpointPolicy {

    private final String name;
    private final String method;
    private final PathTemplate pathTemplate;
    private final String resourceMethod;
    private final String keyHeader;
    private final boolean required;
    private final int keyMinLength;
    private final int keyMaxLength;
    private final List<ScopePart> scope;
    private final Duration ttl;
    private final Duration lease;
    private final FingerprintMode fingerprintMode;
    private final List<String> ignoredFields;
    /** {@code null}: the whole query string. */
    private final List<String> fingerprintQueryParameters;
    private final List<String> fingerprintHeaders;
    private final Map<ProblemType, Integer> statuses;
    private final Set<Integer> releaseOnStatus;
    private final Duration inFlightWait;
    private final Duration retryAfter;
    private final int maxRequestBody;
    private final int maxStoredResponseBody;
    private final CrashPolicy crashPolicy;
    private final StoreErrorPolicy onStoreError;
    private final List<String> replayHeaders;
    private final String deadlineHeaderName;
    private final DeadlineFormat deadlineFormat;
    private final String requestIdHeader;
    private final PropagateKey propagateKey;

    private final KeyParser keyParser;
    private final ScopeResolver scopeResolver;
    private final FingerprintRecipe fingerprintRecipe;
    private final ResponseRetention responseRetention;
    private final DeadlineHeader deadlineHeader;

    private EndpointPolicy(Builder b) {
        this.name = b.name;
        this.method = b.method;
        this.pathTemplate = b.pathTemplate;
        this.resourceMethod = b.resourceMethod;
        this.keyHeader = b.keyHeader;
        this.required = b.required;
        this.keyMinLength = b.keyMinLength;
        this.keyMaxLength = b.keyMaxLength;
        this.scope = List.copyOf(b.scope);
        this.ttl = b.ttl;
        this.lease = b.lease;
        this.fingerprintMode = b.fingerprintMode;
        this.ignoredFields = List.copyOf(b.ignoredFields);
        this.fingerprintQueryParameters = b.fingerprintQueryParameters == null ? null
                : List.copyOf(b.fingerprintQueryParameters);
        this.fingerprintHeaders = List.copyOf(b.fingerprintHeaders);
        this.statuses = new EnumMap<>(b.statuses);
        this.releaseOnStatus = Set.copyOf(b.releaseOnStatus);
        this.inFlightWait = b.inFlightWait;
        this.retryAfter = b.retryAfter;
        this.maxRequestBody = b.maxRequestBody;
        this.maxStoredResponseBody = b.maxStoredResponseBody;
        this.crashPolicy = b.crashPolicy;
        this.onStoreError = b.onStoreError;
        this.replayHeaders = List.copyOf(b.replayHeaders);
        this.deadlineHeaderName = b.deadlineHeaderName;
        this.deadlineFormat = b.deadlineFormat;
        this.requestIdHeader = b.requestIdHeader;
        this.propagateKey = b.propagateKey;

        this.keyParser = new KeyParser(keyMinLength, keyMaxLength);
        this.scopeResolver = new ScopeResolver(scope);
        this.fingerprintRecipe = new FingerprintRecipe(fingerprintMode, ignoredFields, fingerprintQueryParameters,
                fingerprintHeaders);
        this.responseRetention = new ResponseRetention(new ReplayHeaders(replayHeaders), maxStoredResponseBody);
        this.deadlineHeader = deadlineHeaderName.isEmpty() ? null : new DeadlineHeader(deadlineHeaderName, deadlineFormat);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this policy's settings, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.name = name;
        b.method = method;
        b.pathTemplate = pathTemplate;
        b.resourceMethod = resourceMethod;
        b.keyHeader = keyHeader;
        b.required = required;
        b.keyMinLength = keyMinLength;
        b.keyMaxLength = keyMaxLength;
        b.scope = scope;
        b.ttl = ttl;
        b.lease = lease;
        b.fingerprintMode = fingerprintMode;
        b.ignoredFields = ignoredFields;
        b.fingerprintQueryParameters = fingerprintQueryParameters;
        b.fingerprintHeaders = fingerprintHeaders;
        b.statuses.putAll(statuses);
        b.releaseOnStatus = releaseOnStatus;
        b.inFlightWait = inFlightWait;
        b.retryAfter = retryAfter;
        b.maxRequestBody = maxRequestBody;
        b.maxStoredResponseBody = maxStoredResponseBody;
        b.crashPolicy = crashPolicy;
        b.onStoreError = onStoreError;
        b.replayHeaders = replayHeaders;
        b.deadlineHeaderName = deadlineHeaderName;
        b.deadlineFormat = deadlineFormat;
        b.requestIdHeader = requestIdHeader;
        b.propagateKey = propagateKey;
        return b;
    }

    public String name() { return name; }
    /** Upper-case HTTP method. */
    public String method() { return method; }
    /** {@code /orders/{id}/payments}; {@code null} for an endpoint declared by resource method only. */
    /** The declared path template, or {@code null} when the endpoint is declared by resource method only. */
    public PathTemplate pathTemplate() { return pathTemplate; }
    /** {@code com.acme.OrderResource#create}, or {@code null}. */
    public String resourceMethod() { return resourceMethod; }
    public String keyHeader() { return keyHeader; }
    public boolean required() { return required; }
    public int keyMinLength() { return keyMinLength; }
    public int keyMaxLength() { return keyMaxLength; }
    public List<ScopePart> scope() { return scope; }
    public Duration ttl() { return ttl; }
    public Duration lease() { return lease; }
    public FingerprintMode fingerprintMode() { return fingerprintMode; }
    public List<String> ignoredFields() { return ignoredFields; }
    /** The query parameters fingerprinted, or {@code null} for the whole query string. */
    public List<String> fingerprintQueryParameters() { return fingerprintQueryParameters; }
    public List<String> fingerprintHeaders() { return fingerprintHeaders; }
    public Set<Integer> releaseOnStatus() { return releaseOnStatus; }
    public Duration inFlightWait() { return inFlightWait; }
    public Duration retryAfter() { return retryAfter; }
    public int maxRequestBody() { return maxRequestBody; }
    public int maxStoredResponseBody() { return maxStoredResponseBody; }
    public CrashPolicy crashPolicy() { return crashPolicy; }
    public StoreErrorPolicy onStoreError() { return onStoreError; }
    /** Headers added to the replay allow-list. */
    public List<String> replayHeaders() { return replayHeaders; }
    /** The deadline header's name; empty when none is configured. */
    public String deadlineHeaderName() { return deadlineHeaderName; }
    public DeadlineFormat deadlineFormat() { return deadlineFormat; }
    public String requestIdHeader() { return requestIdHeader; }
    /** Whether, and to which targets, the handler's unsafe HTTP calls carry a derived key. */
    public PropagateKey propagateKey() { return propagateKey; }
    /** The header a derived key is sent in: {@code propagate-key-header}, else the key header. */
    public String propagatedKeyHeader() {
        return propagateKey.header().isEmpty() ? keyHeader : propagateKey.header();
    }

    /**
     * The status the agent answers with for {@code type}. A missing scope shares the invalid-key
     * status (the contract names no separate one); an unreadable body is always 400.
     */
    public int status(ProblemType type) {
        Integer status = statuses.get(type == ProblemType.SCOPE_MISSING ? ProblemType.KEY_INVALID : type);
        return status == null ? 400 : status;
    }

    /** The route template for logs: the path template, or the resource method when declared by it only. */
    public String routeLabel() {
        return pathTemplate != null ? pathTemplate.text() : resourceMethod;
    }

    public KeyParser keyParser() { return keyParser; }
    public ScopeResolver scopeResolver() { return scopeResolver; }
    public FingerprintRecipe fingerprintRecipe() { return fingerprintRecipe; }
    public ResponseRetention responseRetention() { return responseRetention; }
    /** The configured deadline header, or {@code null}. */
    public DeadlineHeader deadlineHeader() { return deadlineHeader; }

    @Override
    public String toString() {
        return "EndpointPolicy[" + name + " " + method + " " + routeLabel() + "]";
    }

    /** Builds a policy; every setting starts at the contract's default. */
    public static final class Builder {

        private String name;
        private String method = "POST";
        private PathTemplate pathTemplate;
        private String resourceMethod;
        private String keyHeader = EndpointDefaults.KEY_HEADER;
        private boolean required = EndpointDefaults.KEY_REQUIRED;
        private int keyMinLength = EndpointDefaults.KEY_MIN_LENGTH;
        private int keyMaxLength = EndpointDefaults.KEY_MAX_LENGTH;
        private List<ScopePart> scope = List.of(ScopePart.none());
        private Duration ttl = EndpointDefaults.TTL;
        private Duration lease = EndpointDefaults.LEASE;
        private FingerprintMode fingerprintMode = EndpointDefaults.FINGERPRINT_MODE;
        private Collection<String> ignoredFields = List.of();
        private Collection<String> fingerprintQueryParameters;
        private Collection<String> fingerprintHeaders = List.of();
        private final Map<ProblemType, Integer> statuses = defaultStatuses();
        private Collection<Integer> releaseOnStatus = Set.of();
        private Duration inFlightWait = EndpointDefaults.IN_FLIGHT_WAIT;
        private Duration retryAfter = EndpointDefaults.RETRY_AFTER;
        private int maxRequestBody = (int) EndpointDefaults.MAX_REQUEST_BODY;
        private int maxStoredResponseBody = (int) EndpointDefaults.MAX_STORED_RESPONSE_BODY;
        private CrashPolicy crashPolicy = EndpointDefaults.CRASH_POLICY;
        private StoreErrorPolicy onStoreError = EndpointDefaults.ON_STORE_ERROR;
        private Collection<String> replayHeaders = List.of();
        private String deadlineHeaderName = EndpointDefaults.DEADLINE_HEADER;
        private DeadlineFormat deadlineFormat = EndpointDefaults.DEADLINE_FORMAT;
        private String requestIdHeader = EndpointDefaults.REQUEST_ID_HEADER;
        private PropagateKey propagateKey = PropagateKey.OFF;

        private Builder() {
        }

        private static Map<ProblemType, Integer> defaultStatuses() {
            Map<ProblemType, Integer> statuses = new EnumMap<>(ProblemType.class);
            statuses.put(ProblemType.KEY_MISSING, EndpointDefaults.MISSING_KEY_STATUS);
            statuses.put(ProblemType.KEY_INVALID, EndpointDefaults.INVALID_KEY_STATUS);
            statuses.put(ProblemType.BODY_UNREADABLE, 400);
            statuses.put(ProblemType.BODY_TOO_LARGE, EndpointDefaults.BODY_TOO_LARGE_STATUS);
            statuses.put(ProblemType.DEADLINE_EXCEEDED, EndpointDefaults.DEADLINE_EXCEEDED_STATUS);
            statuses.put(ProblemType.STORE_UNAVAILABLE, EndpointDefaults.STORE_UNAVAILABLE_STATUS);
            statuses.put(ProblemType.KEY_REUSED, EndpointDefaults.KEY_REUSED_STATUS);
            statuses.put(ProblemType.IN_PROGRESS, EndpointDefaults.IN_PROGRESS_STATUS);
            statuses.put(ProblemType.OUTCOME_UNKNOWN, EndpointDefaults.OUTCOME_UNKNOWN_STATUS);
            return statuses;
        }

        public Builder name(String name) { this.name = name; return this; }
        public Builder method(String method) { this.method = method; return this; }
        public Builder pathTemplate(PathTemplate pathTemplate) { this.pathTemplate = pathTemplate; return this; }
        /** Parses {@code pathTemplate}; {@code null} for none. */
        public Builder pathTemplate(String pathTemplate) {
            this.pathTemplate = pathTemplate == null ? null : PathTemplate.of(pathTemplate);
            return this;
        }
        public Builder resourceMethod(String resourceMethod) { this.resourceMethod = resourceMethod; return this; }
        public Builder keyHeader(String keyHeader) { this.keyHeader = keyHeader; return this; }
        public Builder required(boolean required) { this.required = required; return this; }
        public Builder keyMinLength(int keyMinLength) { this.keyMinLength = keyMinLength; return this; }
        public Builder keyMaxLength(int keyMaxLength) { this.keyMaxLength = keyMaxLength; return this; }
        public Builder scope(List<ScopePart> scope) { this.scope = scope; return this; }
        public Builder scope(ScopePart... scope) { this.scope = List.of(scope); return this; }
        public Builder ttl(Duration ttl) { this.ttl = ttl; return this; }
        public Builder lease(Duration lease) { this.lease = lease; return this; }
        public Builder fingerprintMode(FingerprintMode mode) { this.fingerprintMode = mode; return this; }
        public Builder ignoredFields(Collection<String> fields) { this.ignoredFields = fields; return this; }
        /** The query parameters fingerprinted; {@code null} (the default) for the whole query string. */
        public Builder fingerprintQueryParameters(Collection<String> names) { this.fingerprintQueryParameters = names; return this; }
        public Builder fingerprintHeaders(Collection<String> names) { this.fingerprintHeaders = names; return this; }
        public Builder missingKeyStatus(int status) { return status(ProblemType.KEY_MISSING, status); }
        public Builder invalidKeyStatus(int status) { return status(ProblemType.KEY_INVALID, status); }
        public Builder bodyTooLargeStatus(int status) { return status(ProblemType.BODY_TOO_LARGE, status); }
        public Builder deadlineExceededStatus(int status) { return status(ProblemType.DEADLINE_EXCEEDED, status); }
        public Builder storeUnavailableStatus(int status) { return status(ProblemType.STORE_UNAVAILABLE, status); }
        public Builder keyReusedStatus(int status) { return status(ProblemType.KEY_REUSED, status); }
        public Builder inProgressStatus(int status) { return status(ProblemType.IN_PROGRESS, status); }
        public Builder outcomeUnknownStatus(int status) { return status(ProblemType.OUTCOME_UNKNOWN, status); }
        public Builder releaseOnStatus(Collection<Integer> statuses) { this.releaseOnStatus = statuses; return this; }
        public Builder inFlightWait(Duration wait) { this.inFlightWait = wait; return this; }
        public Builder retryAfter(Duration retryAfter) { this.retryAfter = retryAfter; return this; }
        public Builder maxRequestBody(int bytes) { this.maxRequestBody = bytes; return this; }
        public Builder maxStoredResponseBody(int bytes) { this.maxStoredResponseBody = bytes; return this; }
        public Builder crashPolicy(CrashPolicy policy) { this.crashPolicy = policy; return this; }
        public Builder onStoreError(StoreErrorPolicy policy) { this.onStoreError = policy; return this; }
        public Builder replayHeaders(Collection<String> names) { this.replayHeaders = names; return this; }
        /** Empty (the default) for no deadline header. */
        public Builder deadlineHeader(String name) { this.deadlineHeaderName = name; return this; }
        public Builder deadlineFormat(DeadlineFormat format) { this.deadlineFormat = format; return this; }
        public Builder requestIdHeader(String name) { this.requestIdHeader = name; return this; }
        public Builder propagateKey(PropagateKey propagateKey) { this.propagateKey = propagateKey; return this; }

        private Builder status(ProblemType type, int status) {
            statuses.put(type, status);
            return this;
        }

        /** Checks the settings; an {@link IllegalArgumentException} names the first bad one. */
        public EndpointPolicy build() {
            require(name != null && !name.isBlank(), "name", name, "give the endpoint a name");
            require(method != null && !method.isBlank(), "method", method, "name an HTTP method");
            method = method.trim().toUpperCase(Locale.ROOT);
            require(pathTemplate != null || resourceMethod != null, "path", null,
                    "declare a path template, a resource method, or both");
            require(resourceMethod == null || resourceMethod.indexOf('#') > 0, "resource-method", resourceMethod,
                    "write it as com.acme.Resource#method");
            require(notBlank(keyHeader), "key-header", keyHeader, "name the key header");
            require(keyMinLength >= 1 && keyMinLength <= keyMaxLength && keyMaxLength <= EndpointDefaults.KEY_MAX_LENGTH,
                    "key-min-length/key-max-length", keyMinLength + ".." + keyMaxLength,
                    "keep 1 <= min <= max <= " + EndpointDefaults.KEY_MAX_LENGTH);
            require(scope != null && !scope.isEmpty(), "scope", scope, "use none for a service-wide scope");
            require(positive(ttl), "ttl", ttl, "use a positive duration");
            require(positive(lease), "lease", lease, "use a positive duration");
            require(!isNegative(inFlightWait), "in-flight-wait", inFlightWait, "use zero or a positive duration");
            require(!isNegative(retryAfter), "retry-after", retryAfter, "use zero or a positive duration");
            require(maxRequestBody >= 0, "max-request-body", maxRequestBody, "use a size of zero or more");
            require(maxStoredResponseBody >= 0, "max-stored-response-body", maxStoredResponseBody,
                    "use a size of zero or more");
            for (Map.Entry<ProblemType, Integer> status : statuses.entrySet()) {
                require(isHttpStatus(status.getValue()), "statuses", status.getValue(), "use a status from 100 to 599");
            }
            for (Integer status : releaseOnStatus) {
                require(status != null && isHttpStatus(status), "release-on-status", status,
                        "use statuses from 100 to 599");
            }
            require(notBlank(requestIdHeader), "request-id-header", requestIdHeader, "name the request id header");
            deadlineHeaderName = deadlineHeaderName == null ? "" : deadlineHeaderName.trim();
            Objects.requireNonNull(fingerprintMode, "fingerprintMode");
            Objects.requireNonNull(crashPolicy, "crashPolicy");
            Objects.requireNonNull(onStoreError, "onStoreError");
            Objects.requireNonNull(deadlineFormat, "deadlineFormat");
            Objects.requireNonNull(propagateKey, "propagateKey");
            return new EndpointPolicy(this);
        }

        private static boolean notBlank(String text) {
            return text != null && !text.isBlank();
        }

        private static boolean positive(Duration duration) {
            return duration != null && !duration.isNegative() && !duration.isZero();
        }

        private static boolean isNegative(Duration duration) {
            return duration == null || duration.isNegative();
        }

        private static boolean isHttpStatus(int status) {
            return status >= 100 && status <= 599;
        }

        private void require(boolean condition, String field, Object value, String fix) {
            if (!condition) {
                throw new IllegalArgumentException("endpoint " + (name == null ? "(unnamed)" : name) + ": " + field
                        + " = " + value + " is not valid; " + fix);
            }
        }
    }
}
