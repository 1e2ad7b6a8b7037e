package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.deadline.DeadlineHeader;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * The answers of {@link ContractDecision} that run no handler: the refusals before the claim (body,
 * deadline, a stopping JVM), and those the record or the store's failure call for (in progress,
 * outcome unknown, store unavailable), each with its problem detail and its attempt event.
 */
final class Refusals {

    private final TimeSource time;
    private final FailureReports reports;

    Refusals(TimeSource time, FailureReports reports) {
        this.time = time;
        this.reports = reports;
    }

    /** The JVM is stopping: nothing new is claimed, so no handler starts whose outcome could not be written. */
    Verdict stopping(AttemptContext attempt) {
        int status = attempt.policy.status(ProblemType.STORE_UNAVAILABLE);
        return Answers.problem(attempt, ProblemType.STORE_UNAVAILABLE, status,
                "The service is stopping, so the request was not executed. Retry with the same key after "
                        + Answers.retryAfterSeconds(attempt.policy.settings().retryAfter()) + " s.", true,
                pending(attempt, Decision.STORE_UNAVAILABLE, "the service is stopping and claims no new keys; "
                        + "not executed", status, null));
    }

    /**
     * A body that stopped arriving (the server's read timeout passed) is a 408, the status every
     * servlet container then writes on the wire itself, so the log says what the client received;
     * a body cut off by the client going away is the endpoint's body-unreadable status (400), which
     * nobody is left to read.
     */
    Verdict bodyUnreadable(AttemptContext attempt, IOException failure) {
        if (isTimeout(failure)) {
            int status = 408;
            PendingAnswer answer = pending(attempt, Decision.BODY_UNREADABLE, "the request body stalled: no bytes "
                    + "arrived within the server's read timeout (" + failure + "); answered 408 Request Timeout",
                    status, ErrorType.TIMEOUT);
            return Answers.problem(attempt, ProblemType.BODY_UNREADABLE, status,
                    "The request body did not arrive within the server's read timeout, so the request was not "
                            + "executed. Send it again with the same key.", false, answer);
        }
        return refuse(attempt, ProblemType.BODY_UNREADABLE,
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

    Verdict tooLarge(AttemptContext attempt) {
        int limit = attempt.policy.maxRequestBody();
        return refuse(attempt, ProblemType.BODY_TOO_LARGE,
                "the request body is larger than " + limit + " bytes", null,
                "The request body is larger than the " + limit + " bytes this endpoint accepts for idempotent "
                        + "requests. Send a smaller body; retrying unchanged will fail the same way.");
    }

    Verdict checkDeadline(AttemptContext attempt, RequestView request) {
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
        return refuse(attempt, ProblemType.DEADLINE_EXCEEDED,
                "the client's deadline passed " + -attempt.remainingDeadlineMillis + " ms before execution",
                ErrorType.DEADLINE_EXCEEDED,
                "The deadline in " + deadline.name() + " had already passed, so the request was not executed. "
                        + "Retry with the same key and a later deadline.");
    }

    Verdict inProgress(AttemptContext attempt, String reason) {
        int status = attempt.policy.status(ProblemType.IN_PROGRESS);
        return Answers.problem(attempt, ProblemType.IN_PROGRESS, status,
                "A request with this idempotency key is still being processed. Retry with the same key after "
                        + Answers.retryAfterSeconds(attempt.policy.settings().retryAfter()) + " s to receive its outcome.",
                true, pending(attempt, Decision.IN_PROGRESS, reason, status, null));
    }

    Verdict outcomeUnknown(AttemptContext attempt, String reason) {
        return refuse(attempt, ProblemType.OUTCOME_UNKNOWN, reason, null,
                "An earlier request with this idempotency key stopped before finishing, and whether it took "
                        + "effect is unknown. Check the resource's state before acting; an operator must resolve "
                        + "this key before it can be used again.");
    }

    /** Fail-open runs the request unprotected; fail-closed refuses it, as retryable. */
    Verdict storeFailure(AttemptContext attempt, String what, Throwable cause) {
        return storeFailure(attempt, what, cause, "");
    }

    /** {@code after}: what follows for the key, appended to the attempt's reason. */
    Verdict storeFailure(AttemptContext attempt, String what, Throwable cause, String after) {
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

    Verdict refuse(AttemptContext attempt, ProblemType type, String reason, ErrorType error, String detail) {
        int status = attempt.policy.status(type);
        return Answers.problem(attempt, type, status, detail, false, pending(attempt, type.decision(), reason, status,
                error));
    }

    /** The attempt, recorded once the adapter tells what the client received of the answer. */
    PendingAnswer pending(AttemptContext attempt, Decision decision, String reason, int status,
            ErrorType error) {
        return new PendingAnswer(attempt, decision, reason, status, error, time, reports);
    }
}
