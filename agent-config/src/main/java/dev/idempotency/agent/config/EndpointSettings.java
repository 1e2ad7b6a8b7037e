package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.PropagateKey;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.time.Duration;
import java.util.List;

/**
 * The effective idempotency settings of one endpoint: the {@code defaults} section with the
 * endpoint's own overrides merged in. Also the type of {@link AgentConfig#defaults()}.
 */
public final class EndpointSettings {

    private final String keyHeader;
    private final boolean required;
    private final int keyMinLength;
    private final int keyMaxLength;
    private final Scope scope;
    private final Duration ttl;
    private final Duration lease;
    private final FingerprintConfig fingerprint;
    private final AnswerStatuses statuses;
    private final List<Integer> releaseOnStatus;
    private final Duration inFlightWait;
    private final Duration retryAfter;
    private final long maxRequestBody;
    private final long maxStoredResponseBody;
    private final CrashPolicy crashPolicy;
    private final StoreErrorPolicy onStoreError;
    private final List<String> replayHeaders;
    private final DeadlineConfig deadline;
    private PropagateKey propagateKey = PropagateKey.OFF;

    EndpointSettings(String keyHeader, boolean required, int keyMinLength, int keyMaxLength,
            Scope scope, Duration ttl, Duration lease, FingerprintConfig fingerprint,
            AnswerStatuses statuses, List<Integer> releaseOnStatus, Duration inFlightWait,
            Duration retryAfter, long maxRequestBody, long maxStoredResponseBody,
            CrashPolicy crashPolicy, StoreErrorPolicy onStoreError, List<String> replayHeaders,
            DeadlineConfig deadline) {
        this.keyHeader = keyHeader;
        this.required = required;
        this.keyMinLength = keyMinLength;
        this.keyMaxLength = keyMaxLength;
        this.scope = scope;
        this.ttl = ttl;
        this.lease = lease;
        this.fingerprint = fingerprint;
        this.statuses = statuses;
        this.releaseOnStatus = List.copyOf(releaseOnStatus);
        this.inFlightWait = inFlightWait;
        this.retryAfter = retryAfter;
        this.maxRequestBody = maxRequestBody;
        this.maxStoredResponseBody = maxStoredResponseBody;
        this.crashPolicy = crashPolicy;
        this.onStoreError = onStoreError;
        this.replayHeaders = List.copyOf(replayHeaders);
        this.deadline = deadline;
    }

    /** The request header carrying the key. */
    public String keyHeader() { return keyHeader; }
    /** Whether a request without a key is refused (otherwise it passes through unprotected). */
    public boolean required() { return required; }
    public int keyMinLength() { return keyMinLength; }
    public int keyMaxLength() { return keyMaxLength; }
    public Scope scope() { return scope; }
    /** How long a completed record answers replays, counted from completion. */
    public Duration ttl() { return ttl; }
    /** How long an in-progress claim holds without renewal. */
    public Duration lease() { return lease; }
    public FingerprintConfig fingerprint() { return fingerprint; }
    public AnswerStatuses statuses() { return statuses; }
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
    public DeadlineConfig deadline() { return deadline; }
    /** Whether, and to which targets, the handler's unsafe HTTP calls carry a derived key. */
    public PropagateKey propagateKey() { return propagateKey; }

    /** These settings with {@code propagateKey}; a new instance, as every setting is final once bound. */
    EndpointSettings withPropagateKey(PropagateKey propagateKey) {
        EndpointSettings copy = new EndpointSettings(keyHeader, required, keyMinLength, keyMaxLength, scope, ttl, lease,
                fingerprint, statuses, releaseOnStatus, inFlightWait, retryAfter, maxRequestBody,
                maxStoredResponseBody, crashPolicy, onStoreError, replayHeaders, deadline);
        copy.propagateKey = propagateKey;
        return copy;
    }
}
