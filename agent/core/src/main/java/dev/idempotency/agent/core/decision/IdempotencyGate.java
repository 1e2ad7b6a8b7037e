package dev.idempotency.agent.core.decision;

import java.util.Collections;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.RandomUuids;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.discover.UndeclaredRequests;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.store.keeper.UnansweredClaims;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.DeclaredRoute;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The gate the adapters call: routes a request to its declared endpoint ({@link EndpointRouting}),
 * lets the decision of the contract answer it ({@link ContractDecision}), and turns a failure of
 * the agent's own into the answer {@link AgentFailures} gives. Never throws, but for a
 * {@link VirtualMachineError} (out of memory, a stack overflow): no answer can be promised then,
 * so it goes on to the host as if the agent were absent, and a claim already made ends UNKNOWN when
 * its execution is dropped.
 */
public final class IdempotencyGate implements Gate {

    /** Longest client-supplied request id echoed back; longer ones are replaced. */
    static final int MAX_REQUEST_ID_LENGTH = 128;

    private final TimeSource time;
    private final FailureReports reports;
    private final EndpointRouting routing;
    private final AgentFailures failures;
    final ContractDecision decision;
    private final EntryPointsSeen entryPoints = new EntryPointsSeen();
    private final UndeclaredRequests undeclared = new UndeclaredRequests(EndpointSettings.DEFAULT_KEY_HEADER);
    private final RequestDetails details;
    private final LiveLeases leases = new LiveLeases();
    /** Claims whose answer the store never gave: withdrawn by the keeper, or by a retry, their handlers never having run. */
    private final UnansweredClaims unanswered = new UnansweredClaims();

    /**
     * @param owner identifies this JVM in the store (written as the record's owner)
     * @param time  the JVM's clocks, for durations, waits and deadlines
     * @param outcomes where executions' outcomes are written: behind the response, or on the request's thread
     */
    public IdempotencyGate(RouteTable routes, RequestWork store, String owner, AttemptListener listener,
            TimeSource time, OutcomeWrites outcomes) {
        Objects.requireNonNull(store, "store");
        this.time = Objects.requireNonNull(time, "time");
        this.reports = new FailureReports(Objects.requireNonNull(listener, "listener"));
        this.routing = new EndpointRouting(Objects.requireNonNull(routes, "routes"), reports);
        this.details = listener.requestDetails();
        this.failures = new AgentFailures(store, leases, reports, time);
        this.decision = new ContractDecision(store, Objects.requireNonNull(outcomes, "outcomes"),
                Objects.requireNonNull(owner, "owner"), time, reports, failures, details, leases, unanswered);
    }

    /** The config's service name, which every derived downstream key is derived with. */
    public void serviceName(String name) {
        decision.serviceName = Objects.requireNonNull(name, "name");
    }

    /** The claims whose answer never came back, for the keeper that withdraws them. */
    public UnansweredClaims unansweredClaims() {
        return unanswered;
    }

    /** The claims executing in this JVM, for the keeper that renews their leases. */
    public LiveLeases leases() {
        return leases;
    }

    /**
     * The JVM is stopping: from now on a declared request is refused (the store-error status, 503
     * by default) before its key is claimed, so no handler starts whose outcome the stop could not
     * write.
     */
    public void stopClaiming() {
        decision.stopClaiming();
    }

    /** Requests let in before {@link #stopClaiming} that have not yet become one of the {@link #leases()}, or ended. */
    public int claimsUnderWay() {
        return decision.claimsUnderWay();
    }

    @Override
    public Route route(String method, String contextPath, String path) {
        return routing.route(method, contextPath, path);
    }

    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        return routing.routeResourceMethod(resourceClass, resourceMethod, method, path);
    }

    @Override
    public Route routeExtensionForm(String method, String path) {
        return routing.routeExtensionForm(method, path);
    }

    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String unseenRuntime) {
        return routing.routeBelowDispatcher(method, path, jaxrsPath, unseenRuntime);
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
            routing.warnIfKeyedButUndeclared(request);
        } catch (RuntimeException e) {
            reports.report("discovery", e);
        }
    }

    /** The state-changing requests that matched no declared endpoint, for {@code discover}. */
    public UndeclaredRequests undeclaredRequests() {
        return undeclared;
    }

    /**
     * The request ran as if the agent were absent; the cause is reported once, with what it means
     * and the fix.
     */
    @Override
    public void adapterFailure(String adapter, Throwable failure) {
        failures.adapterFailure(adapter, failure);
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
            return decision.decide(attempt, request);
        } catch (VirtualMachineError e) {
            throw e; // see the class's comment
        } catch (LinkageError e) {
            if (attempt == null) {
                attempt = new AttemptContext(policy, null, null, RandomUuids.next(), time.nanoTime());
            }
            return failures.unlinkedAdapter(attempt, e);
        } catch (Throwable e) {
            if (attempt == null) {
                attempt = new AttemptContext(policy, null, null, RandomUuids.next(), time.nanoTime());
            }
            reports.report("internal failure", e);
            return failures.agentFailure(attempt, e);
        }
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
