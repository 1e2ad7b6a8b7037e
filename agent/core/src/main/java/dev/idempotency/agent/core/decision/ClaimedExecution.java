package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.DropCleaner;
import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.core.downstream.DownstreamCall;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.deadline.ChainDeadline;
import dev.idempotency.agent.core.deadline.DeadlineHeader;
import dev.idempotency.agent.core.downstream.DerivedKeys;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoredResponse;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One execution this JVM claimed. Its lease stays live (renewed by the keeper) while the request
 * holds this execution and until its outcome is written; the outcome is stored, or the key
 * released when the status says nothing happened, behind the response ({@link OutcomeWrites}).
 * Whatever the application produced is stored even when it threw or the client left: a retry
 * after a timeout must see that outcome, not run the operation again. Whatever fails on the way (the store, memory) ends the claim: a claim whose
 * outcome cannot be stored is marked unknown, never left in progress with its lease renewed.
 */
final class ClaimedExecution implements Execution {

    private final AttemptContext attempt;
    private final LeaseRef lease;
    private final RequestWork store;
    /** Where {@link #finish} has the outcome written: behind the response, or at once. */
    private final OutcomeWrites outcomes;
    private final LiveLeases leases;
    private final FailureReports reports;
    private final TimeSource time;
    private final AtomicBoolean finished;
    private final DropCleaner.Cleanable whenDropped;
    /** What the gate answers when the adapter failed before the handler started. */
    private final NotStarted notStarted;
    /** The keys of the handler's downstream calls, when the endpoint propagates its key; else {@code null}. */
    private volatile DerivedKeys downstream;

    /**
     * Ends the claims of executions dropped unfinished (an adapter that failed on its way out). Made
     * once, with the gate at the agent's start, never on a request thread: a thread an
     * application's request made would hold that application's loader.
     */
    static DropCleaner droppedExecutions() {
        return DropCleaner.start("idempotency-dropped-executions");
    }

    /** The gate's side of {@link #notStarted}: the answer for an execution whose handler never started. */
    interface NotStarted {
        /** {@code withdrawn}: this execution had not ended before, so its claim is still to be released. */
        Verdict answer(String adapter, Throwable cause, boolean withdrawn);
    }

    ClaimedExecution(AttemptContext attempt, LeaseRef lease, RequestWork store, OutcomeWrites outcomes,
            LiveLeases leases, FailureReports reports, TimeSource time, DropCleaner dropped, NotStarted notStarted) {
        this.attempt = attempt;
        this.outcomes = outcomes;
        this.notStarted = notStarted;
        this.lease = lease;
        this.store = store;
        this.leases = leases;
        this.reports = reports;
        this.time = time;
        this.finished = new AtomicBoolean();
        leases.add(lease);
        this.whenDropped = dropped.register(this, new Dropped(finished, lease, store, leases, reports));
    }

    /**
     * From now until the outcome is taken, the unsafe HTTP calls the current thread sends get keys
     * derived from this execution's ({@code service}: the config's service name).
     */
    void keyDownstreamCalls(String service) {
        DerivedKeys keys = new DerivedKeys(service, attempt.scope, attempt.key, attempt.policy.name(),
                attempt.policy.settings().propagateKey(), attempt.policy.settings().propagatedKeyHeader(),
                call -> reports.emit(attempt.propagated(time, call)), this::unkeyed, chainDeadline());
        downstream = keys;
        DownstreamCalls.enter(keys);
    }

    /** An unsafe call of this execution left without a key: an event each time, a warning once per endpoint. */
    private void unkeyed(DownstreamCall call) {
        reports.emit(attempt.unkeyed(time, call));
        reports.warnOnce(attempt.policy.name(), "downstream_unkeyed", "endpoint " + attempt.policy.name()
                + " propagates its key, but " + call.method() + " to " + call.target() + " by " + call.client()
                + " on " + call.unkeyedBy() + " left without one: a retry that re-executes may repeat it there. "
                + "Each such call is logged as downstream_unkeyed; to key them, let that thread's work be followed "
                + "(remove its prefix from instrumentation.unkeyed-threads)");
    }

    /**
     * The client's deadline as the endpoint read it, to pass down beside each key in the same format,
     * in {@code propagate-deadline-header} or else the header it came in; {@code null} without one.
     */
    private ChainDeadline chainDeadline() {
        DeadlineHeader header = attempt.policy.deadlineHeader();
        if (header == null || attempt.deadlineAtMillis == null) {
            return null;
        }
        String sentIn = attempt.policy.settings().propagateKey().deadlineHeader();
        return new ChainDeadline(sentIn.isEmpty() ? header.name() : sentIn, header.format(), attempt.deadlineAtMillis, time);
    }

    private void endDownstreamCalls() {
        DerivedKeys keys = downstream;
        if (keys != null) {
            keys.end();
        }
    }

    LeaseRef lease() {
        return lease;
    }

    @Override
    public int responseCaptureLimit() {
        return attempt.policy.responseRetention().maxStoredBody();
    }

    @Override
    public void finish(CapturedResponse response, Throwable failure, boolean clientGone) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        endDownstreamCalls();
        outcomes.write(lease.scope(), lease.key(), lease.fencingToken(), new Outcome(response, failure, clientGone));
    }

    private static ErrorType errorOf(Throwable failure, boolean clientGone) {
        return clientGone ? ErrorType.CLIENT_DISCONNECT : failure != null ? ErrorType.HANDLER_EXCEPTION : null;
    }

    /** The outcome of an execution that ran could not be written: said, and the claim ended as unknown. */
    private void notWritten(Throwable e, boolean released, int status) {
        if (e instanceof StoreUnavailableException) {
            reports.storeFailed("the store failed to write the outcome of a request that executed", e);
        } else {
            reports.report("storing the outcome", e);
        }
        String ending = released ? "the claim's lease will expire" : endUnknown();
        reports.emit(attempt.event(time, released ? Decision.RELEASED : Decision.EXECUTED,
                "executed, but the outcome could not be written (" + e + "); " + ending, status,
                ErrorType.STORE_ERROR));
    }

    /** The outcome is written (or could not be): the lease is no longer renewed. */
    private void ended() {
        leases.remove(lease);
        whenDropped.clean();
    }

    /**
     * This execution's outcome, for the writers: a completion the store may write together with
     * other executions', unless the status releases the key (written alone).
     */
    private final class Outcome implements OutcomeWrites.Outcome {
        private final CapturedResponse response;
        private final Throwable failure;
        private final boolean clientGone;

        Outcome(CapturedResponse response, Throwable failure, boolean clientGone) {
            this.response = response;
            this.failure = failure;
            this.clientGone = clientGone;
        }

        @Override
        public Completion completion() {
            int status = statusOf(response, failure);
            if (attempt.policy.settings().releaseOnStatus().contains(status)) {
                return null;
            }
            ErrorType error = errorOf(failure, clientGone);
            warnIfScopeCookieChanged(response);
            StoredResponse stored = attempt.policy.responseRetention().retain(response, status);
            return new Completion(lease.scope(), lease.key(), lease.fencingToken(), stored,
                    attempt.policy.settings().ttl()) {
                @Override
                protected void whenStored(boolean completed) {
                    try {
                        reports.emit(attempt.event(time, Decision.EXECUTED, completedReason(completed, stored), status,
                                error));
                    } finally {
                        ended();
                    }
                }

                @Override
                protected void whenFailed(RuntimeException e) {
                    try {
                        notWritten(e, false, status);
                    } finally {
                        ended();
                    }
                }
            };
        }

        /**
         * The completion written by itself, or the key released when the status says nothing
         * happened; answered as {@link #completion} says, then the lease goes.
         */
        @Override
        public void writeAlone() {
            int status = statusOf(response, failure);
            Completion completion;
            try {
                completion = completion();
            } catch (Throwable e) {
                try {
                    notWritten(e, false, status);
                } finally {
                    ended();
                }
                return;
            }
            if (completion == null) {
                releaseAlone(status);
                return;
            }
            try {
                completion.stored(store.complete(completion.scope(), completion.key(), completion.fencingToken(),
                        completion.response(), completion.ttl()));
            } catch (RuntimeException e) {
                completion.failed(e);
            } catch (Error e) {
                completion.failed(new IllegalStateException("writing the outcome failed: " + e, e));
            }
        }

        /** Releases the key, as release-on-status asks; then the lease goes. */
        private void releaseAlone(int status) {
            try {
                warnIfScopeCookieChanged(response);
                release(status, errorOf(failure, clientGone));
            } catch (Throwable e) {
                notWritten(e, true, status);
            } finally {
                ended();
            }
        }
    }

    /**
     * Nothing of the endpoint ran: the host sent the request elsewhere ({@code answeredBy}), whose
     * answer the client received. The key is released, fenced by the claim's token, so the retry
     * on the spelling the host routes to the handler executes.
     */
    @Override
    public void routedElsewhere(int status, String answeredBy) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        endDownstreamCalls();
        try {
            boolean released = store.release(lease.scope(), lease.key(), lease.fencingToken());
            reports.emit(attempt.event(time, Decision.RELEASED, "the host did not route the request to the endpoint's "
                    + "handler (" + answeredBy + " answered); " + (released ? "the key was released, unspent"
                    : "the claim had passed to another owner"), status, null));
        } catch (Throwable e) {
            if (e instanceof StoreUnavailableException) {
                reports.storeFailed("the store failed to release the key of a request the host routed elsewhere", e);
            } else {
                reports.report("releasing the key of a request the host routed elsewhere", e);
            }
            reports.emit(attempt.event(time, Decision.RELEASED, "the host did not route the request to the endpoint's "
                    + "handler (" + answeredBy + " answered), but releasing the key failed (" + e
                    + "); the claim's lease will expire", status, ErrorType.STORE_ERROR));
        } finally {
            leases.remove(lease);
            whenDropped.clean();
        }
    }

    /**
     * The agent failed before the handler could start: this execution ends without a word to the
     * store (the gate releases the claim) and is no longer renewed or watched for being dropped.
     * False when it had ended already.
     */
    boolean withdraw() {
        if (!finished.compareAndSet(false, true)) {
            return false;
        }
        try {
            endDownstreamCalls();
        } finally {
            leases.remove(lease);
            whenDropped.clean();
        }
        return true;
    }

    @Override
    public Verdict notStarted(String adapter, Throwable cause) {
        return notStarted.answer(adapter, cause, withdraw());
    }

    @Override
    public void abandon(Throwable cause) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        endDownstreamCalls();
        try {
            reports.report("taking the outcome", cause);
            reports.emit(attempt.event(time, Decision.EXECUTED, "executed, but the outcome could not be taken ("
                    + cause + "); " + endUnknown(), 0, ErrorType.AGENT_ERROR));
        } finally {
            leases.remove(lease);
            whenDropped.clean();
        }
    }

    /**
     * A response that gives the cookie the key is scoped by a new value (a session the request
     * itself created or rotated) sends the client's retry into another scope, where it executes
     * again. Said once per endpoint, with the ways out.
     */
    private void warnIfScopeCookieChanged(CapturedResponse response) {
        String cookie = response == null ? null : attempt.scopeCookies.changedBy(response.headers());
        if (cookie == null) {
            return;
        }
        reports.warnOnce(attempt.policy.name(), "scope cookie set by the response", "a response set the cookie "
                + cookie + ", which scopes this endpoint's keys, to a new value: a retry from the same client carries the new value, so it is another scope "
                + "and executes again. Scope the keys by something that stays the same across the retry "
                + "(scope: principal, or a tenant header such as header:X-Tenant-Id), or have clients make the "
                + "session before the keyed request (one request that creates it, then the keyed one with its cookie)");
    }

    /** Marks the claim unknown (the application ran) and says how it ended. */
    private String endUnknown() {
        try {
            return store.giveUp(lease.scope(), lease.key(), lease.fencingToken())
                    ? "the record was marked UNKNOWN for an operator to resolve"
                    : "the claim had passed to another owner";
        } catch (Throwable e) {
            return "marking the record UNKNOWN failed too (" + e + "); its lease will expire and the next retry "
                    + "finds it UNKNOWN";
        }
    }

    private void release(int status, ErrorType error) {
        boolean released = store.release(lease.scope(), lease.key(), lease.fencingToken());
        String reason = released
                ? "status " + status + " is listed in release-on-status; the key was released for a retry"
                : "status " + status + " is listed in release-on-status, but the claim had passed to another owner";
        reports.emit(attempt.event(time, Decision.RELEASED, reason, status, error));
    }

    private String completedReason(boolean completed, StoredResponse stored) {
        if (!completed) {
            return "executed, but the claim had passed to another owner (fenced out); the outcome was not stored";
        }
        if (!stored.bodyRetained()) {
            return "executed; status and headers stored, body not retained (incomplete or over "
                    + attempt.policy.responseRetention().maxStoredBody() + " bytes)";
        }
        return "executed; outcome stored";
    }

    /** A handler that threw before setting a status answered 500, as the container will. */
    private static int statusOf(CapturedResponse response, Throwable failure) {
        int status = response == null ? 0 : response.status();
        if (status > 0) {
            return status;
        }
        return failure != null ? 500 : 200;
    }

    /**
     * What ends the claim of an execution no request holds any more without having finished it:
     * its lease is no longer renewed, and the record is marked unknown (the application may have
     * run). Holds no reference to the execution itself.
     */
    private static final class Dropped implements Runnable {
        private final AtomicBoolean finished;
        private final LeaseRef lease;
        private final RequestWork store;
        private final LiveLeases leases;
        private final FailureReports reports;

        Dropped(AtomicBoolean finished, LeaseRef lease, RequestWork store, LiveLeases leases, FailureReports reports) {
            this.finished = finished;
            this.lease = lease;
            this.store = store;
            this.leases = leases;
            this.reports = reports;
        }

        @Override
        public void run() {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            leases.remove(lease);
            try {
                store.giveUp(lease.scope(), lease.key(), lease.fencingToken());
            } catch (RuntimeException e) {
                reports.report("ending a dropped execution", e);
            }
            reports.report("an execution was dropped before its outcome was reported",
                    new IllegalStateException("a claimed request ended without the agent seeing its outcome; "
                            + "its record was marked UNKNOWN (`list --state unknown` shows it)"));
        }
    }
}
