package dev.idempotency.agent.core.decision;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.attempt.TraceParent;
import dev.idempotency.agent.core.downstream.DownstreamCall;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.scope.ScopeCookies;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.LeaseRef;
import java.time.Instant;
import dev.idempotency.agent.bootstrap.RequestView;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What is known about one attempt so far, filled in as the decision proceeds and turned into its
 * event at the end. Confined to the request thread until handed to an execution.
 */
final class AttemptContext {

    final EndpointPolicy policy;
    final String method;
    /** The routed path in normal form, as the routing matched it. */
    final String path;
    final String requestId;
    final long startNanos;
    String key;
    String scope;
    /** The cookies the scope is made of, as this request sent them. */
    ScopeCookies scopeCookies = ScopeCookies.NONE;
    /** How many times the key has been tried, this request included (the store counts them). */
    int attemptNumber;
    Long remainingDeadlineMillis;
    /** The client's deadline in milliseconds since the epoch, when it sent one the endpoint reads. */
    Long deadlineAtMillis;
    boolean fingerprintFellBack;
    /** Set once the store was asked to claim the key: from then on a record of it may exist. */
    boolean storeAsked;
    /**
     * The claim this attempt made, set first thing after the claim: an agent failure before the
     * verdict lets the handler run releases it, since nothing ran.
     */
    LeaseRef claimBeforeHandler;
    /** The request id of a refused request whose claim this attempt withdrew before claiming; said in its reason. */
    String withdrewClaimOf;
    Map<String, List<String>> loggedHeaders = Collections.emptyMap();
    byte[] loggedBody;
    String loggedContentType;
    TraceParent trace;

    AttemptContext(EndpointPolicy policy, String method, String path, String requestId, long startNanos) {
        this.policy = policy;
        this.method = method;
        this.path = path;
        this.requestId = requestId;
        this.startNanos = startNanos;
    }

    /** Headers every response of a declared endpoint carries: the request id. */
    Map<String, List<String>> baseHeaders() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put(policy.requestIdHeader(), Collections.singletonList(requestId));
        return headers;
    }

    /** Keeps the caller's trace position and the headers the listener asked for, before anything else is decided. */
    void captureHeaders(RequestDetails details, RequestView request) {
        trace = TraceParent.ofRequest(request.headers(TraceParent.HEADER));
        if (details.headerNames().isEmpty()) {
            return;
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : details.headerNames()) {
            List<String> values = request.headers(name);
            if (values != null && !values.isEmpty()) {
                headers.put(name, Collections.unmodifiableList(new ArrayList<>(values)));
            }
        }
        loggedHeaders = headers;
    }

    /** Keeps the body once read, when the listener asked for it. */
    void captureBody(RequestDetails details, RequestView request, byte[] body) {
        if (details.body()) {
            List<String> contentType = request.headers("Content-Type");
            loggedBody = body;
            loggedContentType = contentType == null || contentType.isEmpty() ? null : contentType.get(0);
        }
    }

    AttemptEvent event(TimeSource time, Decision decision, String reason, int status, ErrorType errorType) {
        return eventBuilder(time, decision, reason, status, errorType).build();
    }

    /** A downstream call of this execution sent with a derived key. */
    AttemptEvent propagated(TimeSource time, DownstreamCall call) {
        return eventBuilder(time, Decision.PROPAGATED, call.method() + " to " + call.target() + " (call " + call.ordinal()
                + " to it in this execution) carries a key derived from this request's", 0, null)
                .downstream(call)
                .build();
    }

    /** A downstream call of this execution that left without a key. */
    AttemptEvent unkeyed(TimeSource time, DownstreamCall call) {
        return eventBuilder(time, Decision.DOWNSTREAM_UNKEYED, call.method() + " to " + call.target() + " by "
                + call.client() + " on " + call.unkeyedBy() + " left without a key derived from this request's", 0, null)
                .downstream(call)
                .build();
    }

    private AttemptEvent.Builder eventBuilder(TimeSource time, Decision decision, String reason, int status,
            ErrorType errorType) {
        return AttemptEvent.builder()
                .timestamp(Instant.ofEpochMilli(time.currentTimeMillis()))
                .decision(decision)
                .reason(withdrewClaimOf == null ? reason : reason + "; first withdrew the claim of request "
                        + withdrewClaimOf + ", refused when the store's answer to it was lost (its handler never ran)")
                .key(key)
                .scope(scope)
                .requestId(requestId)
                .attempt(attemptNumber)
                .endpoint(policy.name())
                .method(method)
                .route(policy.routeLabel())
                .path(path)
                .status(status)
                .durationNanos(time.nanoTime() - startNanos)
                .remainingDeadlineMillis(remainingDeadlineMillis)
                .errorType(errorType)
                .fingerprintFellBackToRaw(fingerprintFellBack)
                .requestHeaders(loggedHeaders)
                .requestBody(loggedBody, loggedContentType)
                .trace(trace);
    }
}
