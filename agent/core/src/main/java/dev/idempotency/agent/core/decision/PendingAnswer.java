package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.AnswerReceipt;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.problem.Problem;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.time.TimeSource;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An answer of the agent's own, decided and not yet recorded: the attempt is logged and counted
 * once the adapter says what the client received. Delivered, it is the decision made; not
 * delivered, it is {@link Decision#ANSWER_FAILED} with the status the client got instead.
 */
final class PendingAnswer implements AnswerReceipt {

    private final AttemptContext attempt;
    private final Decision decision;
    private final String reason;
    private final int status;
    private final ErrorType error;
    private final TimeSource time;
    private final FailureReports reports;
    private final AtomicBoolean told = new AtomicBoolean();

    PendingAnswer(AttemptContext attempt, Decision decision, String reason, int status, ErrorType error,
            TimeSource time, FailureReports reports) {
        this.attempt = attempt;
        this.decision = decision;
        this.reason = reason;
        this.status = status;
        this.error = error;
        this.time = time;
        this.reports = reports;
    }

    @Override
    public void delivered() {
        if (told.compareAndSet(false, true)) {
            reports.emit(attempt.event(time, decision, reason, status, error));
        }
    }

    @Override
    public void notDelivered(int sentStatus, Throwable cause) {
        if (!told.compareAndSet(false, true)) {
            return;
        }
        reports.report("writing the agent's own answer (the application did not run)", cause);
        reports.emit(attempt.event(time, Decision.ANSWER_FAILED, "decided " + decision.label() + " with status "
                + status + " (" + reason + "), but the answer could not be written (" + cause + "); "
                + (sentStatus > 0 ? "the client received " + sentStatus + " instead" : "the client received no answer")
                + "; the application did not run", sentStatus, ErrorType.AGENT_ERROR));
    }

    @Override
    public byte[] failureBody() {
        return new Problem(ProblemType.AGENT_FAILURE, Verdict.FAILURE_STATUS, "The idempotency agent could not write "
                + "its answer to this request, so the request was not executed. Retry with the same key.",
                attempt.requestId).toJson();
    }
}
