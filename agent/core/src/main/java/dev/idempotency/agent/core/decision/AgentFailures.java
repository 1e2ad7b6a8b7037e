package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;

/**
 * The agent's own failures, told apart from the store's: an adapter that does not link against
 * the host's API, an adapter that broke before the handler started, a bug of the decision. Each is
 * reported once per cause with its fix ({@link #fixFor}), logged as {@code agent_failure}, and
 * answered as the moment allows: unprotected before the store was asked, else as the endpoint's
 * {@code on-store-error} says, after releasing a claim whose handler never started.
 */
final class AgentFailures {

    private final RequestWork store;
    private final LiveLeases leases;
    private final FailureReports reports;
    private final TimeSource time;

    AgentFailures(RequestWork store, LiveLeases leases, FailureReports reports, TimeSource time) {
        this.store = store;
        this.leases = leases;
        this.reports = reports;
        this.time = time;
    }

    /**
     * The request ran as if the agent were absent; the cause is reported once, with what it means
     * and the fix: an adapter that does not link is a host API the agent does not support there,
     * anything else a bug of the agent's.
     */
    void adapterFailure(String adapter, Throwable failure) {
        reports.report(adapter + " failed, so the request ran UNPROTECTED, as if the agent were absent; "
                + fixFor(failure),
                failure);
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
    Verdict agentFailure(AttemptContext attempt, Throwable cause) {
        return agentFailure(attempt, "the agent failed while deciding: " + cause);
    }

    /** {@link #agentFailure(AttemptContext, Throwable)}, its reason said in {@code reason}. */
    Verdict agentFailure(AttemptContext attempt, String reason) {
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
                false, new PendingAnswer(attempt, Decision.AGENT_FAILURE, reason + "; not executed", status,
                        ErrorType.AGENT_ERROR, time, reports));
    }

    /**
     * The adapter failed after the claim, preparing the handler's run, which never started (see
     * {@link dev.idempotency.agent.bootstrap.Execution#notStarted}): as a failure of the agent's own
     * after the claim, the claim is released (unless {@code withdrawn} is false: the execution had
     * ended, and its outcome is the record's) and the endpoint's {@code on-store-error} decides
     * between the agent's 500 and running unprotected. Said loudly, once per cause: the
     * request was not protected as declared.
     */
    Verdict adapterFailedBeforeHandler(AttemptContext attempt, String adapter, Throwable cause,
            boolean withdrawn) {
        if (!withdrawn) {
            attempt.claimBeforeHandler = null;
        }
        reports.report(adapter + " failed after the request was claimed, before the application started, so "
                + "the application did not run in its place: the agent releases the claim, so that a retry executes, and "
                + "answers as the endpoint's on-store-error says (fail-closed: 500 idempotency-agent-failure); "
                + fixFor(cause),
                cause);
        return agentFailure(attempt, "the " + adapter + " failed before the application started: " + cause);
    }

    /** Releases a claim whose handler never started; says how that went, for the attempt's reason. */
    String releaseUnstarted(LeaseRef claim) {
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
    Verdict unlinkedAdapter(AttemptContext attempt, LinkageError failure) {
        adapterFailure("the adapter of " + attempt.policy.name(), failure);
        String released = attempt.claimBeforeHandler == null ? "" : releaseUnstarted(attempt.claimBeforeHandler) + "; ";
        reports.emit(attempt.event(time, Decision.PASSTHROUGH, "the agent's adapter does not link against the host's "
                + "API (" + failure + "); " + released + "executed UNPROTECTED", 0, null));
        return Verdict.proceed(null, attempt.baseHeaders());
    }

    /** What the operator does about {@code failure}: a host API the adapter does not link against, or a bug of the agent's. */
    private static String fixFor(Throwable failure) {
        return failure instanceof LinkageError
                ? "the adapter does not link against the host's API in that class loader: compare its version with "
                        + "the supported ones (README), or switch the group off with instrumentation.disabled"
                : "this is a fault of the agent: report it with the stack trace below";
    }
}
