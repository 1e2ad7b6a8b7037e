package dev.idempotency.agent.vocabulary;

import java.util.Arrays;
import java.util.Collections;
import java.util.ArrayList;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The idempotency settings of one endpoint: the config's {@code defaults} section with the
 * endpoint's own overrides merged in, as the core takes them. Immutable; {@link #builder()} starts
 * at the defaults docs/configuration.md lists, and {@link Builder#build()} checks the rules the
 * config reports a file's mistakes by ({@code *Problem} methods), so neither can hold what the
 * other refuses.
 */
public final class EndpointSettings {

    public static final String DEFAULT_KEY_HEADER = "Idempotency-Key";
    /** The longest key the agent accepts at all (the contract's bound, the store's column width), and the default limit. */
    public static final int MAX_KEY_LENGTH = 255;

    private static final EndpointSettings DEFAULTS = new Builder().build();

    private final String keyHeader;
    private final boolean required;
    private final int keyMinLength;
    private final int keyMaxLength;
    /** Empty: any key. */
    private final String keyPattern;
    private final List<ScopePart> scope;
    private final Duration ttl;
    private final Duration lease;
    private final Fingerprint fingerprint;
    private final Statuses statuses;
    private final List<Integer> releaseOnStatus;
    private final Duration inFlightWait;
    private final Duration retryAfter;
    private final long maxRequestBody;
    private final long maxStoredResponseBody;
    private final CrashPolicy crashPolicy;
    private final StoreErrorPolicy onStoreError;
    private final List<String> replayHeaders;
    private final Deadline deadline;
    private final PropagateKey propagateKey;

    private EndpointSettings(Builder b) {
        this.keyHeader = b.keyHeader;
        this.required = b.required;
        this.keyMinLength = b.keyMinLength;
        this.keyMaxLength = b.keyMaxLength;
        this.keyPattern = b.keyPattern;
        this.scope = Collections.unmodifiableList(new ArrayList<>(b.scope));
        this.ttl = b.ttl;
        this.lease = b.lease;
        this.fingerprint = b.fingerprint;
        this.statuses = b.statuses;
        this.releaseOnStatus = Collections.unmodifiableList(new ArrayList<>(b.releaseOnStatus));
        this.inFlightWait = b.inFlightWait;
        this.retryAfter = b.retryAfter;
        this.maxRequestBody = b.maxRequestBody;
        this.maxStoredResponseBody = b.maxStoredResponseBody;
        this.crashPolicy = b.crashPolicy;
        this.onStoreError = b.onStoreError;
        this.replayHeaders = Collections.unmodifiableList(new ArrayList<>(b.replayHeaders));
        this.deadline = b.deadline;
        this.propagateKey = b.propagateKey;
    }

    /** Every setting at its default. */
    public static EndpointSettings defaults() {
        return DEFAULTS;
    }

    /** A builder at the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these settings, to derive an endpoint's from the defaults section's. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.keyHeader = keyHeader;
        b.required = required;
        b.keyMinLength = keyMinLength;
        b.keyMaxLength = keyMaxLength;
        b.keyPattern = keyPattern;
        b.scope = scope;
        b.ttl = ttl;
        b.lease = lease;
        b.fingerprint = fingerprint;
        b.statuses = statuses;
        b.releaseOnStatus = releaseOnStatus;
        b.inFlightWait = inFlightWait;
        b.retryAfter = retryAfter;
        b.maxRequestBody = maxRequestBody;
        b.maxStoredResponseBody = maxStoredResponseBody;
        b.crashPolicy = crashPolicy;
        b.onStoreError = onStoreError;
        b.replayHeaders = replayHeaders;
        b.deadline = deadline;
        b.propagateKey = propagateKey;
        return b;
    }

    /** The request header carrying the key. */
    public String keyHeader() { return keyHeader; }
    /** Whether a request without a key is refused (otherwise it passes through unprotected). */
    public boolean required() { return required; }
    public int keyMinLength() { return keyMinLength; }
    public int keyMaxLength() { return keyMaxLength; }
    /** The regular expression every key must match as a whole; empty when any key within the lengths will do. */
    public Optional<String> keyPattern() { return keyPattern.isEmpty() ? Optional.empty() : Optional.of(keyPattern); }
    /** What a key is unique within; never empty, a single {@link ScopePart#none()} for the whole service. */
    public List<ScopePart> scope() { return scope; }
    /** How long a completed record answers replays, counted from completion. */
    public Duration ttl() { return ttl; }
    /** How long an in-progress claim holds without renewal. */
    public Duration lease() { return lease; }
    public Fingerprint fingerprint() { return fingerprint; }
    public Statuses statuses() { return statuses; }
    /** Handler statuses that mean "nothing happened": the key is released, not stored. */
    public List<Integer> releaseOnStatus() { return releaseOnStatus; }
    /** How long to wait for a concurrent owner to complete before answering in-progress. */
    public Duration inFlightWait() { return inFlightWait; }
    /** The Retry-After sent with in-progress and store-unavailable answers. */
    public Duration retryAfter() { return retryAfter; }
    public long maxRequestBody() { return maxRequestBody; }
    public long maxStoredResponseBody() { return maxStoredResponseBody; }
    public CrashPolicy crashPolicy() { return crashPolicy; }
    public StoreErrorPolicy onStoreError() { return onStoreError; }
    /** Response headers replayed besides the built-in allow-list. */
    public List<String> replayHeaders() { return replayHeaders; }
    public Deadline deadline() { return deadline; }
    /** Whether, and to which targets, the handler's unsafe HTTP calls carry a key derived from the request's. */
    public PropagateKey propagateKey() { return propagateKey; }
    /** The header a derived key is sent in: {@code propagate-key-header}, else the key header. */
    public String propagatedKeyHeader() {
        return propagateKey.header().isEmpty() ? keyHeader : propagateKey.header();
    }

    /** Why {@code status} cannot be the status of an answer, in words; {@code null} when it can. */
    public static String statusProblem(int status) {
        return status >= 100 && status <= 599 ? null : "is not an HTTP status; use a number from 100 to 599";
    }

    /** Why a key may not be {@code min} to {@code max} characters long, in words; {@code null} when it may. */
    public static String keyLengthProblem(int min, int max) {
        if (min < 1 || max > MAX_KEY_LENGTH) {
            return "is out of range; use a whole number from 1 to " + MAX_KEY_LENGTH;
        }
        return min > max ? "is greater than key-max-length (" + max + "); make it at most key-max-length" : null;
    }

    /** Why {@code regex} cannot be a key pattern, in words; {@code null} when it can. */
    public static String keyPatternProblem(String regex) {
        try {
            Pattern.compile(regex);
            return null;
        } catch (PatternSyntaxException e) {
            return "is not a regular expression (" + e.getDescription() + "); write one the whole key must match,"
                    + " like [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
        }
    }

    /** Why {@code parts} cannot be a scope, in words; {@code null} when they can. */
    public static String scopeProblem(List<ScopePart> parts) {
        if (parts.isEmpty()) {
            return "is empty; use none, header:NAME, principal, cookie:NAME, or a list of these";
        }
        if (parts.size() > 1 && parts.contains(ScopePart.none())) {
            return "combines none with other parts; use none alone, or a list of header:NAME, principal and cookie:NAME";
        }
        return null;
    }

    /** What enters the request fingerprint besides the method and the path. */
    public static final class Fingerprint {

        private static final Fingerprint DEFAULT = new Fingerprint(FingerprintMode.RAW, Collections.emptyList(), null, Collections.emptyList());

        private final FingerprintMode mode;
        private final List<String> ignoredFields;
        /** {@code null}: the whole query string. */
        private final List<String> queryParameters;
        private final List<String> headers;

        /** @param queryParameters {@code null} for the whole query string */
        public Fingerprint(FingerprintMode mode, Collection<String> ignoredFields, Collection<String> queryParameters,
                Collection<String> headers) {
            this.mode = Objects.requireNonNull(mode, "mode");
            this.ignoredFields = Collections.unmodifiableList(new ArrayList<>(ignoredFields));
            this.queryParameters = queryParameters == null ? null : Collections.unmodifiableList(new ArrayList<>(queryParameters));
            this.headers = Collections.unmodifiableList(new ArrayList<>(headers));
        }

        public FingerprintMode mode() { return mode; }
        /** JSON field names or dot paths left out in {@link FingerprintMode#JSON} mode. */
        public List<String> ignoredFields() { return ignoredFields; }
        /**
         * The query parameters that enter the fingerprint; empty (the default) for all of them: a
         * servlet's {@code getParameter} merges the query into the form, so leaving any out could
         * replay one request's answer to another.
         */
        public Optional<List<String>> queryParameters() { return Optional.ofNullable(queryParameters); }
        public List<String> headers() { return headers; }
    }

    /** The HTTP status of each answer the agent gives itself (the contract's table). */
    public static final class Statuses {

        private static final Statuses DEFAULT = new Statuses(400, 400, 413, 504, 503, 422, 409, 409);

        private final int missingKey;
        private final int invalidKey;
        private final int bodyTooLarge;
        private final int deadlineExceeded;
        private final int storeUnavailable;
        private final int keyReused;
        private final int inProgress;
        private final int outcomeUnknown;

        public Statuses(int missingKey, int invalidKey, int bodyTooLarge, int deadlineExceeded,
                int storeUnavailable, int keyReused, int inProgress, int outcomeUnknown) {
            this.missingKey = requireStatus(missingKey);
            this.invalidKey = requireStatus(invalidKey);
            this.bodyTooLarge = requireStatus(bodyTooLarge);
            this.deadlineExceeded = requireStatus(deadlineExceeded);
            this.storeUnavailable = requireStatus(storeUnavailable);
            this.keyReused = requireStatus(keyReused);
            this.inProgress = requireStatus(inProgress);
            this.outcomeUnknown = requireStatus(outcomeUnknown);
        }

        public static Statuses defaults() {
            return DEFAULT;
        }

        public int missingKey() { return missingKey; }
        public int invalidKey() { return invalidKey; }
        public int bodyTooLarge() { return bodyTooLarge; }
        public int deadlineExceeded() { return deadlineExceeded; }
        public int storeUnavailable() { return storeUnavailable; }
        /** Same key, different fingerprint. */
        public int keyReused() { return keyReused; }
        public int inProgress() { return inProgress; }
        /** The owner of the key died before completing and the crash policy is {@code unknown}. */
        public int outcomeUnknown() { return outcomeUnknown; }
    }

    /** The request header that carries the client's deadline, if any. */
    public static final class Deadline {

        private static final Deadline NONE = new Deadline(null, DeadlineFormat.RELATIVE_MS);

        /** {@code null}: deadlines are not handled. */
        private final String header;
        private final DeadlineFormat format;

        /** @param header {@code null} or blank when deadlines are not handled */
        public Deadline(String header, DeadlineFormat format) {
            this.header = header == null || header.trim().isEmpty() ? null : header.trim();
            this.format = Objects.requireNonNull(format, "format");
        }

        /** Empty when deadlines are not handled. */
        public Optional<String> header() { return Optional.ofNullable(header); }
        public DeadlineFormat format() { return format; }
    }

    /** Builds settings; every setting starts at its default. */
    public static final class Builder {

        private String keyHeader = DEFAULT_KEY_HEADER;
        private boolean required = true;
        private int keyMinLength = 1;
        private int keyMaxLength = MAX_KEY_LENGTH;
        private String keyPattern = "";
        private Collection<ScopePart> scope = Collections.singletonList(ScopePart.none());
        private Duration ttl = Duration.ofHours(24);
        private Duration lease = Duration.ofSeconds(30);
        private Fingerprint fingerprint = Fingerprint.DEFAULT;
        private Statuses statuses = Statuses.DEFAULT;
        private Collection<Integer> releaseOnStatus = Collections.emptyList();
        private Duration inFlightWait = Duration.ZERO;
        private Duration retryAfter = Duration.ofSeconds(1);
        private long maxRequestBody = 1024L * 1024;
        private long maxStoredResponseBody = 1024L * 1024;
        private CrashPolicy crashPolicy = CrashPolicy.UNKNOWN;
        private StoreErrorPolicy onStoreError = StoreErrorPolicy.FAIL_CLOSED;
        private Collection<String> replayHeaders = Collections.emptyList();
        private Deadline deadline = Deadline.NONE;
        private PropagateKey propagateKey = PropagateKey.OFF;

        private Builder() {
        }

        public Builder keyHeader(String keyHeader) { this.keyHeader = keyHeader; return this; }
        public Builder required(boolean required) { this.required = required; return this; }
        public Builder keyMinLength(int keyMinLength) { this.keyMinLength = keyMinLength; return this; }
        public Builder keyMaxLength(int keyMaxLength) { this.keyMaxLength = keyMaxLength; return this; }
        /** {@code null} or empty (the default) for any key. */
        public Builder keyPattern(String regex) { this.keyPattern = regex == null ? "" : regex; return this; }
        public Builder scope(Collection<ScopePart> scope) { this.scope = scope; return this; }
        public Builder scope(ScopePart... scope) { this.scope = Arrays.asList(scope); return this; }
        public Builder ttl(Duration ttl) { this.ttl = ttl; return this; }
        public Builder lease(Duration lease) { this.lease = lease; return this; }
        public Builder fingerprint(Fingerprint fingerprint) { this.fingerprint = fingerprint; return this; }
        public Builder statuses(Statuses statuses) { this.statuses = statuses; return this; }
        public Builder releaseOnStatus(Collection<Integer> statuses) { this.releaseOnStatus = statuses; return this; }
        public Builder inFlightWait(Duration wait) { this.inFlightWait = wait; return this; }
        public Builder retryAfter(Duration retryAfter) { this.retryAfter = retryAfter; return this; }
        public Builder maxRequestBody(long bytes) { this.maxRequestBody = bytes; return this; }
        public Builder maxStoredResponseBody(long bytes) { this.maxStoredResponseBody = bytes; return this; }
        public Builder crashPolicy(CrashPolicy policy) { this.crashPolicy = policy; return this; }
        public Builder onStoreError(StoreErrorPolicy policy) { this.onStoreError = policy; return this; }
        public Builder replayHeaders(Collection<String> names) { this.replayHeaders = names; return this; }
        public Builder deadline(Deadline deadline) { this.deadline = deadline; return this; }
        public Builder propagateKey(PropagateKey propagateKey) { this.propagateKey = propagateKey; return this; }

        /** Checks the settings; an {@link IllegalArgumentException} names the first bad one and its fix. */
        public EndpointSettings build() {
            require(HttpToken.isToken(keyHeader), "key-header", keyHeader, "is not a header name; name the key header");
            require(keyLengthProblem(keyMinLength, keyMaxLength) == null, "key-min-length/key-max-length",
                    keyMinLength + ".." + keyMaxLength, "keep 1 <= min <= max <= " + MAX_KEY_LENGTH);
            String patternProblem = keyPatternProblem(keyPattern);
            require(patternProblem == null, "key-pattern", keyPattern, patternProblem);
            require(scope != null, "scope", null, "use none for a service-wide scope");
            String scopeProblem = scopeProblem(Collections.unmodifiableList(new ArrayList<>(scope)));
            require(scopeProblem == null, "scope", scope, scopeProblem);
            require(positive(ttl), "ttl", ttl, "use a positive duration");
            require(positive(lease), "lease", lease, "use a positive duration");
            require(!isNegative(inFlightWait), "in-flight-wait", inFlightWait, "use zero or a positive duration");
            require(!isNegative(retryAfter), "retry-after", retryAfter, "use zero or a positive duration");
            require(maxRequestBody >= 0, "max-request-body", maxRequestBody, "use a size of zero or more");
            require(maxStoredResponseBody >= 0, "max-stored-response-body", maxStoredResponseBody,
                    "use a size of zero or more");
            for (Integer status : releaseOnStatus) {
                require(status != null && statusProblem(status) == null, "release-on-status", status,
                        "use statuses from 100 to 599");
            }
            Objects.requireNonNull(fingerprint, "fingerprint");
            Objects.requireNonNull(statuses, "statuses");
            Objects.requireNonNull(crashPolicy, "crash-policy");
            Objects.requireNonNull(onStoreError, "on-store-error");
            Objects.requireNonNull(replayHeaders, "replay-headers");
            Objects.requireNonNull(deadline, "deadline");
            Objects.requireNonNull(propagateKey, "propagate-key");
            return new EndpointSettings(this);
        }

        private static boolean positive(Duration duration) {
            return duration != null && !duration.isNegative() && !duration.isZero();
        }

        private static boolean isNegative(Duration duration) {
            return duration == null || duration.isNegative();
        }

        private static void require(boolean condition, String field, Object value, String fix) {
            if (!condition) {
                throw new IllegalArgumentException(field + " = " + value + " is not valid; " + fix);
            }
        }
    }

    private static int requireStatus(int status) {
        String problem = statusProblem(status);
        if (problem != null) {
            throw new IllegalArgumentException("status " + status + " " + problem);
        }
        return status;
    }
}
