package dev.idempotency.agent.core.decision;

import java.util.Collections;
import dev.idempotency.agent.bootstrap.DropCleaner;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.core.attempt.RandomUuids;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.deadline.DeadlineHeader;
import dev.idempotency.agent.core.discover.UndeclaredRequests;
import dev.idempotency.agent.core.fingerprint.Fingerprint;
import dev.idempotency.agent.core.key.ParsedKey;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.store.keeper.UnansweredClaims;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.route.DeclaredRoute;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.scope.RequestCookies;
import dev.idempotency.agent.core.scope.ScopeCookies;
import dev.idempotency.agent.core.scope.ResolvedScope;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.SocketTimeoutException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

/**
 * The contract made executable: decides each request to a declared endpoint in the contract's
 * order (key, scope, size, deadline, then the store's claim) and records the outcome of the
 * executions it lets through. Never throws: a failure of its own becomes the endpoint's
 * fail-open/closed answer, logged as the agent's and not the store's, and is reported once per cause.
 */
public final class IdempotencyGate implements Gate {

    /** How often a waiting request looks for the outcome of the one in flight. */
    static final long WAIT_POLL_MILLIS = 50;
    /** Longest client-supplied request id echoed back; longer ones are replaced. */
    static final int MAX_REQUEST_ID_LENGTH = 128;

    private final RouteTable routes;
    private final RequestWork store;
    private final String owner;
    private final TimeSource time;
    private final FailureReports reports;
    private final EntryPointsSeen entryPoints = new EntryPointsSeen();
    private final UndeclaredRequests undeclared = new UndeclaredRequests(EndpointSettings.DEFAULT_KEY_HEADER);
    private final RequestDetails details;
    private final LiveLeases leases = new LiveLeases();
    /** Claims whose answer the store never gave: the keeper withdraws each, their handlers never having run. */
    private final UnansweredClaims unanswered = new UnansweredClaims();
    private final DropCleaner dropped = ClaimedExecution.droppedExecutions();
    /** Endpoints of scope none already warned of requests that carry credentials. */
    private final Set<EndpointPolicy> credentialedScopeWarned = ConcurrentHashMap.newKeySet();
    /** Dispatcher servlets already checked for resource-method declarations they cannot serve. */
    private final Map<String, Boolean> dispatchersChecked = new ConcurrentHashMap<>();
    /**
     * Runs between a claim and the verdict that lets the handler run, where nothing of the agent's
     * is expected to fail: tests put a failure of the agent's own there.
     */
    Runnable beforeHandler = () -> { };
    /** Part of every derived downstream key, so two services never derive one key from one client key. */
    private volatile String serviceName = "";

    /**
     * @param owner identifies this JVM in the store (written as the record's owner)
     * @param time  the JVM's clocks, for durations, waits and deadlines
     */
    public IdempotencyGate(RouteTable routes, RequestWork store, String owner, AttemptListener listener,
            TimeSource time) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.store = Objects.requireNonNull(store, "store");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.reports = new FailureReports(Objects.requireNonNull(listener, "listener"));
        routes.warnTo((endpoint, message) -> reports.warnOnce(endpoint.name(), message, message));
        this.details = listener.requestDetails();
        this.time = Objects.requireNonNull(time, "time");
    }

    /** The config's service name, which every derived downstream key is derived with. */
    public void serviceName(String name) {
        this.serviceName = Objects.requireNonNull(name, "name");
    }

    /** The claims executing in this JVM, for the keeper that renews their leases. */
    public UnansweredClaims unansweredClaims() {
        return unanswered;
    }

    public LiveLeases leases() {
        return leases;
    }

    @Override
    public Route route(String method, String contextPath, String path) {
        try {
            DeclaredRoute route = routes.route(method, path);
            if (route == null) {
                warnIfDeclaredWithContextPath(method, contextPath, path);
            }
            return route;
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        try {
            return routes.routeResourceMethod(resourceClass, resourceMethod.getName(), method, path);
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    @Override
    public Route routeExtensionForm(String method, String path) {
        try {
            return routes.routeExtensionForm(method, path);
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String dispatcher) {
        try {
            DeclaredRoute route = routes.routeBelowMapping(method, path, jaxrsPath);
            if (route == null && dispatcher != null && !dispatchersChecked.containsKey(dispatcher)) {
                dispatchersChecked.put(dispatcher, Boolean.TRUE);
                warnOfResourceMethodsUnseenBehind(dispatcher);
            }
            return route;
        } catch (RuntimeException e) {
            reports.report("routing", e);
            return null;
        }
    }

    /**
     * A JAX-RS runtime the agent has no adapter for (Apache CXF 4, Jersey 1) is seen only through its
     * dispatcher servlet, by path: an endpoint declared by resource method alone protects nothing
     * behind it. Said at the first request that reaches such a dispatcher servlet, with the fix.
     */
    private void warnOfResourceMethodsUnseenBehind(String dispatcher) {
        String runtime = JaxrsRuntimes.seenOnlyByPath(dispatcher);
        if (runtime == null) {
            return;
        }
        for (EndpointPolicy policy : routes.declaredByResourceMethodOnly()) {
            reports.warnOnce(policy.name(), "resource-method behind " + dispatcher, "requests reach " + runtime
                    + " through " + dispatcher + ", where the agent matches JAX-RS endpoints "
                    + "by path only, so resource-method " + policy.resourceMethod() + " protects nothing there and its "
                    + "requests run UNPROTECTED; declare path: with the resource's path relative to the JAX-RS "
                    + "application root (below the dispatcher servlet's mapping)");
        }
    }

    @Override
    public boolean mayChangeState(RequestView request) {
        try {
            return undeclared.mayChangeState(request);
        } catch (RuntimeException e) {
            reports.report("discovery", e);
            return false;
        }
    }

    @Override
    public void undeclared(RequestView request, Class<?> resourceClass, Method resourceMethod) {
        try {
            undeclared.saw(request, resourceMethod == null ? null
                    : (resourceClass != null ? resourceClass : resourceMethod.getDeclaringClass()).getName() + "#"
                            + resourceMethod.getName());
        } catch (RuntimeException e) {
            reports.report("discovery", e);
        }
    }

    /** The state-changing requests that matched no declared endpoint, for {@code discover}. */
    public UndeclaredRequests undeclaredRequests() {
        return undeclared;
    }

    /** A declared path that starts with the context path never matches: paths are relative to it. */
    private void warnIfDeclaredWithContextPath(String method, String contextPath, String path) {
        EndpointPolicy misdeclared = routes.routeIncludingContextPath(method, contextPath, path);
        if (misdeclared != null) {
            String declared = misdeclared.pathTemplate().text();
            reports.warnOnce(misdeclared.name(), "context-path", "path " + declared + " includes the context path "
                    + contextPath + " of the application it runs in, so it matches nothing and this endpoint "
                    + "protects nothing; paths are relative to the context path: declare path: "
                    + (declared.startsWith(contextPath + "/") ? declared.substring(contextPath.length())
                            : "the part after " + contextPath));
        }
    }

    /**
     * The request ran as if the agent were absent; the cause is reported once, with what it means
     * and the fix: an adapter that does not link is a host API the agent does not support there,
     * anything else a bug of the agent's.
     */
    @Override
    public void adapterFailure(String adapter, Throwable failure) {
        reports.report(adapter + " failed, so the request ran UNPROTECTED, as if the agent were absent; "
                + (failure instanceof LinkageError
                        ? "the adapter does not link against the host's API in that class loader: compare its version "
                                + "with the supported ones (README), or switch the group off with instrumentation.disabled"
                        : "this is a fault of the agent: report it with the stack trace below"),
                failure);
    }

    /**
     * Per declared endpoint that requests have reached, the classes the host handed them to, with
     * their loaders, the most recent first: where protection really happens.
     */
    public Map<String, List<String>> entryPointsByEndpoint() {
        return entryPoints.snapshot();
    }

    @Override
    public Verdict begin(Route route, RequestView request) {
        if (!(route instanceof DeclaredRoute)) {
            return Verdict.proceed(null, Collections.emptyMap());
        }
        DeclaredRoute declared = (DeclaredRoute) route;
        EndpointPolicy policy = declared.policy();
        AttemptContext attempt = null;
        try {
            entryPoints.saw(policy.name(), request.entryPoint());
            attempt = new AttemptContext(policy, request.method(), declared.path(), requestIdOf(policy, request),
                    time.nanoTime());
            attempt.captureHeaders(details, request);
            return decide(attempt, request);
        } catch (VirtualMachineError e) {
            throw e;
        } catch (LinkageError e) {
            if (attempt == null) {
                attempt = new AttemptContext(policy, null, null, RandomUuids.next(), time.nanoTime());
            }
            return unlinkedAdapter(attempt, e);
        } catch (Throwable e) {
            if (attempt == null) {
                attempt = new AttemptContext(policy, null, null, RandomUuids.next(), time.nanoTime());
            }
            reports.report("internal failure", e);
            return agentFailure(attempt, e);
        }
    }

    /**
     * The agent itself broke while deciding (a bug of the core or of the adapter's request view):
     * no store failure, so it is logged as {@code agent_failure} ({@code agent_error}), reported
     * once per cause, and not counted with store outages. Before the store was asked, no record of
     * the key can exist because of this request: it runs unprotected, as if the agent were absent,
     * rather than the agent turning its own bug into an error for the client. Once the store was
     * asked, a record may say the key executed already, so it fails as the endpoint's
     * {@code on-store-error} says: fail-closed (the default) refuses with the agent's 500, which a
     * retry with the same key may follow; fail-open runs it unprotected. A claim this request made
     * is released first (fenced by its token): the handler has not started, so nothing ran, and a
     * retry executes at once instead of meeting the claim as in progress and, once its lease
     * expired, as an unknown outcome.
     */
    private Verdict agentFailure(AttemptContext attempt, Throwable cause) {
        return agentFailure(attempt, "the agent failed while deciding: " + cause);
    }

    /** {@link #agentFailure(AttemptContext, Throwable)}, its reason said in {@code reason}. */
    private Verdict agentFailure(AttemptContext attempt, String reason) {
        if (!attempt.storeAsked) {
            reports.emit(attempt.event(time, Decision.AGENT_FAILURE, reason + "; before the store was asked, so "
                    + "executed UNPROTECTED", 0, ErrorType.AGENT_ERROR));
            return Verdict.proceed(null, attempt.baseHeaders());
        }
        if (attempt.claimBeforeHandler != null) {
            reason += "; " + releaseUnstarted(attempt.claimBeforeHandler);
        }
        if (attempt.policy.settings().onStoreError() == StoreErrorPolicy.FAIL_OPEN) {
            reports.emit(attempt.event(time, Decision.AGENT_FAILURE, reason + "; executed UNPROTECTED (fail-open)",
                    0, ErrorType.AGENT_ERROR));
            return Verdict.proceed(null, attempt.baseHeaders());
        }
        int status = Verdict.FAILURE_STATUS;
        return Answers.problem(attempt, ProblemType.AGENT_FAILURE, status,
                "The idempotency agent failed while deciding this request, so it was not executed. Retry with "
                        + "the same key.",
                false, pending(attempt, Decision.AGENT_FAILURE, reason + "; not executed", status,
                        ErrorType.AGENT_ERROR));
    }

    /**
     * The adapter failed after the claim, preparing the handler's run, which never started (see
     * {@link dev.idempotency.agent.bootstrap.Execution#notStarted}): as a failure of the agent's own
     * after the claim, the claim is released (unless {@code withdrawn} is false: the execution had
     * ended, and its outcome is the record's) and the endpoint's {@code on-store-error} decides
     * between the agent's 500 and running unprotected. Said loudly, once per cause: the
     * request was not protected as declared.
     */
    private Verdict adapterFailedBeforeHandler(AttemptContext attempt, String adapter, Throwable cause,
            boolean withdrawn) {
        if (!withdrawn) {
            attempt.claimBeforeHandler = null;
        }
        reports.report(adapter + " failed after the request was claimed, before the application started, so "
                + "the application did not run in its place: the agent releases the claim, so that a retry executes, and "
                + "answers as the endpoint's on-store-error says (fail-closed: 500 idempotency-agent-failure); "
                + (cause instanceof LinkageError
                        ? "the adapter does not link against the host's API in that class loader: compare its "
                                + "version with the supported ones (README), or switch the group off with "
                                + "instrumentation.disabled"
                        : "this is a fault of the agent: report it with the stack trace below"),
                cause);
        return agentFailure(attempt, "the " + adapter + " failed before the application started: " + cause);
    }

    /** Releases a claim whose handler never started; says how that went, for the attempt's reason. */
    private String releaseUnstarted(LeaseRef claim) {
        leases.remove(claim);
        try {
            return store.release(claim.scope(), claim.key(), claim.fencingToken())
                    ? "the claim was released, as the handler had not started"
                    : "the claim had passed to another owner";
        } catch (Throwable e) {
            reports.report("releasing a claim whose handler never started", e);
            return "releasing the claim failed too (" + e + "); it stays in progress until its lease expires";
        }
    }

    /**
     * The adapter's view of the request does not link against the host's API: the entry point is
     * not protected in that loader, which is no store failure and no reason to refuse the request.
     * Said loudly, once per cause; the attempt is logged as run unprotected.
     */
    private Verdict unlinkedAdapter(AttemptContext attempt, LinkageError failure) {
        adapterFailure("the adapter of " + attempt.policy.name(), failure);
        String released = attempt.claimBeforeHandler == null ? "" : releaseUnstarted(attempt.claimBeforeHandler) + "; ";
        reports.emit(attempt.event(time, Decision.PASSTHROUGH, "the agent's adapter does not link against the host's "
                + "API (" + failure + "); " + released + "executed UNPROTECTED", 0, null));
        return Verdict.proceed(null, attempt.baseHeaders());
    }

    private Verdict decide(AttemptContext attempt, RequestView request) {
        EndpointPolicy policy = attempt.policy;
        ParsedKey key = policy.keyParser().parse(request.headers(policy.settings().keyHeader()));
        if (key.outcome() == ParsedKey.Outcome.MISSING) {
            if (!policy.settings().required()) {
                reports.emit(attempt.event(time, Decision.PASSTHROUGH,
                        "no idempotency key and the endpoint does not require one; executed unprotected", 0, null));
                return Verdict.proceed(null, attempt.baseHeaders());
            }
            return refuse(attempt, ProblemType.KEY_MISSING, Decision.MISSING_KEY, key.reason(), null,
                    "This endpoint requires an " + policy.settings().keyHeader() + " header. Generate a unique key (a UUID) "
                            + "for the operation and send it with this request and with every retry of it.");
        }
        if (!key.isValid()) {
            return refuse(attempt, ProblemType.KEY_INVALID, Decision.INVALID_KEY, key.reason(), null,
                    "The " + policy.settings().keyHeader() + " header is not usable: " + key.reason() + ". Send "
                            + policy.keyParser().expected() + ".");
        }
        attempt.key = key.value();

        ResolvedScope scope = policy.scopeResolver().resolve(request);
        if (!scope.isResolved()) {
            return refuse(attempt, ProblemType.SCOPE_MISSING, Decision.SCOPE_MISSING, scope.missingReason(), null,
                    "Idempotency keys of this endpoint are unique per " + policy.settings().scope() + ", but "
                            + scope.missingReason().replace("the request has", "this request has")
                            + ". Send it (or authenticate) and retry with the same key.");
        }
        attempt.scope = scope.value();
        attempt.scopeCookies = ScopeCookies.sentWith(policy.scopeResolver(), request.headers("Cookie"));
        if (policy.scopeResolver().parts().isEmpty() && !credentialedScopeWarned.contains(policy)) {
            warnIfCarriesCredentials(policy, request);
        }

        if (request.contentLength() > policy.maxRequestBody()) {
            return tooLarge(attempt);
        }
        byte[] body;
        try {
            body = request.body(policy.maxRequestBody());
        } catch (IOException e) {
            return bodyUnreadable(attempt, e);
        }
        if (body == null) {
            return tooLarge(attempt);
        }
        attempt.captureBody(details, request, body);
        Verdict late = checkDeadline(attempt, request);
        if (late != null) {
            return late;
        }
        Fingerprint fingerprint = policy.fingerprintRecipe().compute(request, attempt.path, body);
        attempt.fingerprintFellBack = fingerprint.fellBackToRaw();
        ClaimRequest claim = new ClaimRequest(attempt.scope, attempt.key, policy.name(), fingerprint.hex(), owner,
                attempt.requestId, policy.settings().lease(), policy.settings().ttl());
        attempt.storeAsked = true;
        return claim(attempt, claim);
    }

    private Verdict claim(AttemptContext attempt, ClaimRequest claim) {
        ClaimResult result;
        try {
            result = store.claim(claim);
        } catch (RuntimeException e) {
            // The claim may be written though its answer is lost: withdrawn once the store answers, so
            // the retry of this refused (never executed) request is not kept waiting on it.
            String withdrawal = unanswered.add(claim) ? "; the claim, if the store wrote it, is withdrawn once the store answers"
                    : "";
            return storeFailure(attempt, "the store failed to claim the key", e, withdrawal);
        }
        return onClaim(attempt, claim, result);
    }

    /**
     * With scope {@code none}, a key names one operation for the whole service: when callers are
     * told apart by credentials, a replay may hand one caller's answer to another who sends the
     * same key. Said once per endpoint, with the scope that fixes it.
     */
    private void warnIfCarriesCredentials(EndpointPolicy policy, RequestView request) {
        String carried;
        String fix;
        List<String> authorization = request.headers("Authorization");
        if (authorization != null && !authorization.isEmpty()) {
            carried = "an Authorization header";
            fix = "principal (if the container authenticates the caller) or header:Authorization";
        } else if (request.principal() != null) {
            carried = "an authenticated principal";
            fix = "principal";
        } else if (RequestCookies.hasSessionCookie(request.headers("Cookie"))) {
            carried = "a session cookie";
            fix = "cookie:NAME with the session cookie's name";
        } else {
            return;
        }
        credentialedScopeWarned.add(policy);
        reports.warnOnce(policy.name(), "credentials with scope none", "requests carry " + carried
                + " but the endpoint's scope is none, so its keys are shared by all callers and a replay may "
                + "answer one caller with another's response; set scope: " + fix);
    }

    /**
     * A body that stopped arriving (the server's read timeout passed) is a 408, the status every
     * servlet container then writes on the wire itself, so the log says what the client received;
     * a body cut off by the client going away is the endpoint's body-unreadable status (400), which
     * nobody is left to read.
     */
    private Verdict bodyUnreadable(AttemptContext attempt, IOException failure) {
        if (isTimeout(failure)) {
            int status = 408;
            PendingAnswer answer = pending(attempt, Decision.BODY_UNREADABLE, "the request body stalled: no bytes "
                    + "arrived within the server's read timeout (" + failure + "); answered 408 Request Timeout",
                    status, ErrorType.TIMEOUT);
            return Answers.problem(attempt, ProblemType.BODY_UNREADABLE, status,
                    "The request body did not arrive within the server's read timeout, so the request was not "
                            + "executed. Send it again with the same key.", false, answer);
        }
        return refuse(attempt, ProblemType.BODY_UNREADABLE, Decision.BODY_UNREADABLE,
                "the request body could not be read: " + failure, ErrorType.CLIENT_DISCONNECT,
                "The request body could not be read completely. Send the request again with the same key.");
    }

    private static boolean isTimeout(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException || cause instanceof TimeoutException
                    || cause.getClass().getSimpleName().contains("Timeout")) {
                return true;
            }
        }
        return false;
    }

    private Verdict tooLarge(AttemptContext attempt) {
        int limit = attempt.policy.maxRequestBody();
        return refuse(attempt, ProblemType.BODY_TOO_LARGE, Decision.TOO_LARGE,
                "the request body is larger than " + limit + " bytes", null,
                "The request body is larger than the " + limit + " bytes this endpoint accepts for idempotent "
                        + "requests. Send a smaller body; retrying unchanged will fail the same way.");
    }

    private Verdict checkDeadline(AttemptContext attempt, RequestView request) {
        DeadlineHeader deadline = attempt.policy.deadlineHeader();
        if (deadline == null) {
            return null;
        }
        long now = time.currentTimeMillis();
        attempt.remainingDeadlineMillis = deadline.remainingMillis(request.headers(deadline.name()), now);
        attempt.deadlineAtMillis = attempt.remainingDeadlineMillis == null ? null : now + attempt.remainingDeadlineMillis;
        if (attempt.remainingDeadlineMillis == null || attempt.remainingDeadlineMillis > 0) {
            return null;
        }
        return refuse(attempt, ProblemType.DEADLINE_EXCEEDED, Decision.DEADLINE_EXCEEDED,
                "the client's deadline passed " + -attempt.remainingDeadlineMillis + " ms before execution",
                ErrorType.DEADLINE_EXCEEDED,
                "The deadline in " + deadline.name() + " had already passed, so the request was not executed. "
                        + "Retry with the same key and a later deadline.");
    }

    private Verdict onClaim(AttemptContext attempt, ClaimRequest claim, ClaimResult result) {
        StoredRecord record = result.record();
        attempt.attemptNumber = record.attempts();
        if (result.claimed()) {
            return execute(attempt, record.fencingToken());
        }
        ClaimRequest refused = record.state() != RecordState.COMPLETED ? unanswered.of(record) : null;
        if (refused != null) {
            return claimAgainAfterWithdrawing(attempt, claim, refused);
        }
        if (!claim.fingerprint().equals(record.fingerprint())) {
            return keyReused(attempt);
        }
        if (record.state() == RecordState.COMPLETED) {
            return replay(attempt, record);
        }
        if (record.state() == RecordState.UNKNOWN) {
            return outcomeUnknown(attempt, "an earlier attempt's owner died mid-execution; the record is UNKNOWN");
        }
        if (record.leaseExpired()) {
            return ownerDied(attempt, claim, record);
        }
        return waitForOutcome(attempt, claim);
    }

    /**
     * The key is held by a claim this JVM wrote for a request it refused when the store's answer was
     * lost: its handler never ran, so it is withdrawn now rather than at the keeper's next tick, and
     * this request claims the key again (once: the withdrawn claim is no longer unanswered).
     */
    private Verdict claimAgainAfterWithdrawing(AttemptContext attempt, ClaimRequest claim, ClaimRequest refused) {
        try {
            store.withdrawUnstarted(refused);
        } catch (RuntimeException e) {
            return storeFailure(attempt, "the store failed to withdraw the claim of an earlier request it had refused", e);
        }
        unanswered.withdrawn(refused);
        attempt.withdrewClaimOf = refused.requestId();
        return claim(attempt, claim);
    }

    private Verdict execute(AttemptContext attempt, long fencingToken) {
        LeaseRef lease = new LeaseRef(attempt.scope, attempt.key, fencingToken);
        attempt.claimBeforeHandler = lease;
        ClaimedExecution execution = new ClaimedExecution(attempt, lease, store, leases, reports, time, dropped,
                (adapter, cause, withdrawn) -> adapterFailedBeforeHandler(attempt, adapter, cause, withdrawn));
        try {
            beforeHandler.run();
            if (attempt.policy.settings().propagateKey().enabled()) {
                execution.keyDownstreamCalls(serviceName);
            }
            return Verdict.proceed(execution, attempt.baseHeaders());
        } catch (VirtualMachineError e) {
            throw e; // the request runs as if the agent were absent: the dropped execution ends the claim UNKNOWN
        } catch (Throwable e) {
            execution.withdraw();
            throw e;
        }
    }

    private Verdict keyReused(AttemptContext attempt) {
        return refuse(attempt, ProblemType.KEY_REUSED, Decision.MISMATCH,
                "the key was first used for a request with a different fingerprint", null,
                "This idempotency key was already used for a different request (method, path, parameters or "
                        + "body differ). Use a new key for a new operation, or resend the original request unchanged.");
    }

    private Verdict replay(AttemptContext attempt, StoredRecord record) {
        return Answers.replay(attempt, record.response(), pending(attempt, Decision.REPLAYED,
                "same key and fingerprint completed earlier; replayed the stored response"
                        + (record.response().bodyRetained() ? "" : " (body not retained)"),
                record.response().status(), null));
    }

    private Verdict ownerDied(AttemptContext attempt, ClaimRequest claim, StoredRecord record) {
        try {
            if (attempt.policy.settings().crashPolicy() == CrashPolicy.REEXECUTE) {
                Optional<StoredRecord> taken = store.takeOver(claim, record.fencingToken());
                if (taken.isPresent()) {
                    attempt.attemptNumber = taken.get().attempts();
                    return execute(attempt, taken.get().fencingToken());
                }
                return inProgress(attempt, "the owner's lease expired, but another request took the key over first");
            }
            if (!store.markUnknown(claim.scope(), claim.key(), record.fencingToken())) {
                return inProgress(attempt, "the owner's lease expired, but the record changed before it was marked");
            }
            reports.markedUnknown(new MarkedUnknown(Instant.ofEpochMilli(time.currentTimeMillis()), attempt.key,
                    attempt.scope, attempt.policy.name(), record.owner(), record.fencingToken(), attempt.requestId,
                    attempt.trace));
        } catch (RuntimeException e) {
            return storeFailure(attempt, "the store failed while handling an expired lease", e);
        }
        return outcomeUnknown(attempt, "the owner's lease expired mid-execution; the record was marked UNKNOWN");
    }

    private Verdict waitForOutcome(AttemptContext attempt, ClaimRequest claim) {
        long waitMillis = attempt.policy.settings().inFlightWait().toMillis();
        if (attempt.remainingDeadlineMillis != null) {
            waitMillis = Math.min(waitMillis, attempt.remainingDeadlineMillis);
        }
        long until = time.nanoTime() + waitMillis * 1_000_000L;
        try {
            for (long left = waitMillis; left > 0; left = (until - time.nanoTime()) / 1_000_000L) {
                time.sleepMillis(Math.min(WAIT_POLL_MILLIS, left));
                Optional<StoredRecord> now = store.find(claim.scope(), claim.key());
                if (now.isPresent() && now.get().state() == RecordState.COMPLETED
                        && claim.fingerprint().equals(now.get().fingerprint())) {
                    return replay(attempt, now.get());
                }
                if (!now.isPresent() || now.get().state() != RecordState.IN_PROGRESS) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            return storeFailure(attempt, "the store failed while waiting for the request in flight", e);
        }
        return inProgress(attempt, waitMillis > 0
                ? "a request with this key is still executing after waiting " + waitMillis + " ms"
                : "a request with this key is still executing");
    }

    private Verdict inProgress(AttemptContext attempt, String reason) {
        int status = attempt.policy.status(ProblemType.IN_PROGRESS);
        return Answers.problem(attempt, ProblemType.IN_PROGRESS, status,
                "A request with this idempotency key is still being processed. Retry with the same key after "
                        + Answers.retryAfterSeconds(attempt.policy.settings().retryAfter()) + " s to receive its outcome.",
                true, pending(attempt, Decision.IN_PROGRESS, reason, status, null));
    }

    private Verdict outcomeUnknown(AttemptContext attempt, String reason) {
        return refuse(attempt, ProblemType.OUTCOME_UNKNOWN, Decision.OUTCOME_UNKNOWN, reason, null,
                "An earlier request with this idempotency key stopped before finishing, and whether it took "
                        + "effect is unknown. Check the resource's state before acting; an operator must resolve "
                        + "this key before it can be used again.");
    }

    /** Fail-open runs the request unprotected; fail-closed refuses it, as retryable. */
    private Verdict storeFailure(AttemptContext attempt, String what, Throwable cause) {
        return storeFailure(attempt, what, cause, "");
    }

    /** {@code after}: what follows for the key, appended to the attempt's reason. */
    private Verdict storeFailure(AttemptContext attempt, String what, Throwable cause, String after) {
        reports.storeFailed(what, cause);
        String reason = what + ": " + cause + after;
        if (attempt.policy.settings().onStoreError() == StoreErrorPolicy.FAIL_OPEN) {
            reports.emit(attempt.event(time, Decision.STORE_UNAVAILABLE, reason + "; executed unprotected (fail-open)",
                    0, ErrorType.STORE_ERROR));
            return Verdict.proceed(null, attempt.baseHeaders());
        }
        int status = attempt.policy.status(ProblemType.STORE_UNAVAILABLE);
        return Answers.problem(attempt, ProblemType.STORE_UNAVAILABLE, status,
                "The idempotency store is unavailable, so the request was not executed. Retry with the same key "
                        + "after " + Answers.retryAfterSeconds(attempt.policy.settings().retryAfter()) + " s.",
                true, pending(attempt, Decision.STORE_UNAVAILABLE, reason, status, ErrorType.STORE_ERROR));
    }

    private Verdict refuse(AttemptContext attempt, ProblemType type, Decision decision, String reason,
            ErrorType error, String detail) {
        int status = attempt.policy.status(type);
        return Answers.problem(attempt, type, status, detail, false, pending(attempt, decision, reason, status, error));
    }

    /** The attempt, recorded once the adapter tells what the client received of the answer. */
    private PendingAnswer pending(AttemptContext attempt, Decision decision, String reason, int status,
            ErrorType error) {
        return new PendingAnswer(attempt, decision, reason, status, error, time, reports);
    }

    /** The client's request id when it is safe to echo, otherwise a new one. */
    private static String requestIdOf(EndpointPolicy policy, RequestView request) {
        List<String> values = request.headers(policy.requestIdHeader());
        if (values != null && values.size() == 1 && isEchoable(values.get(0))) {
            return values.get(0);
        }
        return RandomUuids.next();
    }

    private static boolean isEchoable(String id) {
        if (id.isEmpty() || id.length() > MAX_REQUEST_ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }
}
