package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RequestPath;
import dev.idempotency.agent.store.StoredResponse;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One execution this JVM claimed. Its lease stays live (renewed by the keeper) until the adapter
 * reports the outcome; then the outcome is stored, or the key released when the status says
 * nothing happened. Whatever the application produced is stored even when it threw or the client
 * left: a retry after a timeout must see that outcome, not run the operation again.
 */
final class ClaimedExecution implements Execution {

    private final AttemptContext attempt;
    private final LeaseRef lease;
    private final RequestPath store;
    private final LiveLeases leases;
    private final FailureReports reports;
    private final TimeSource time;
    private final AtomicBoolean finished = new AtomicBoolean();

    ClaimedExecution(AttemptContext attempt, LeaseRef lease, RequestPath store, LiveLeases leases,
            FailureReports reports, TimeSource time) {
        this.attempt = attempt;
        this.lease = lease;
        this.store = store;
        this.leases = leases;
        this.reports = reports;
        this.time = time;
        leases.add(lease);
    }

    LeaseRef lease() {
        return lease;
    }

    @Override
    public int responseCaptureLimit() {
        return attempt.policy.maxStoredResponseBody();
    }

    @Override
    public void finish(CapturedResponse response, Throwable failure, boolean clientGone) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        int status = statusOf(response, failure);
        ErrorType error = clientGone ? ErrorType.CLIENT_DISCONNECT
                : failure != null ? ErrorType.HANDLER_EXCEPTION : null;
        try {
            if (attempt.policy.releaseOnStatus().contains(status)) {
                release(status, error);
            } else {
                complete(response, status, error);
            }
        } catch (RuntimeException | LinkageError e) {
            reports.report("storing the outcome", e);
            Decision decision = attempt.policy.releaseOnStatus().contains(status) ? Decision.RELEASED : Decision.EXECUTED;
            reports.emit(attempt.event(time, decision,
                    "executed, but the outcome could not be written (" + e + "); the claim's lease will expire",
                    status, ErrorType.STORE_ERROR));
        } finally {
            leases.remove(lease);
        }
    }

    private void release(int status, ErrorType error) {
        boolean released = store.release(lease.scope(), lease.key(), lease.fencingToken());
        String reason = released
                ? "status " + status + " is listed in release-on-status; the key was released for a retry"
                : "status " + status + " is listed in release-on-status, but the claim had passed to another owner";
        reports.emit(attempt.event(time, Decision.RELEASED, reason, status, error));
    }

    private void complete(CapturedResponse response, int status, ErrorType error) {
        StoredResponse stored = attempt.policy.responseRetention().retain(response, status);
        boolean completed = store.complete(lease.scope(), lease.key(), lease.fencingToken(), stored,
                attempt.policy.ttl());
        String reason;
        if (!completed) {
            reason = "executed, but the claim had passed to another owner (fenced out); the outcome was not stored";
        } else if (!stored.bodyRetained()) {
            reason = "executed; status and headers stored, body not retained (incomplete or over "
                    + attempt.policy.maxStoredResponseBody() + " bytes)";
        } else {
            reason = "executed; outcome stored";
        }
        reports.emit(attempt.event(time, Decision.EXECUTED, reason, status, error));
    }

    /** A handler that threw before setting a status answered 500, as the container will. */
    private static int statusOf(CapturedResponse response, Throwable failure) {
        int status = response == null ? 0 : response.status();
        if (status > 0) {
            return status;
        }
        return failure != null ? 500 : 200;
    }
}
