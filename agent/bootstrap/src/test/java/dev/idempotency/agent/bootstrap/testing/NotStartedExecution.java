package dev.idempotency.agent.bootstrap.testing;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A claimed execution whose application must never start, for the adapters' tests: it notes each
 * time it is told so ({@link #notStarted}) and answers with the verdict it was made with; an outcome
 * reported to it fails the test.
 */
public final class NotStartedExecution implements Execution {

    private final Verdict instead;
    private final List<String> told = new CopyOnWriteArrayList<>();

    /** {@code instead}: what the core answers, the agent's 500 or (fail-open) a verdict that proceeds unobserved. */
    public NotStartedExecution(Verdict instead) {
        this.instead = instead;
    }

    /** Each {@code notStarted} told, as {@code <adapter>: <cause>}. */
    public List<String> told() {
        return List.copyOf(told);
    }

    @Override
    public Verdict notStarted(String adapter, Throwable cause) {
        told.add(adapter + ": " + cause);
        return instead;
    }

    @Override
    public void finish(CapturedResponse response, Throwable failure, boolean clientGone) {
        throw new AssertionError("no outcome: the application did not run");
    }

    @Override
    public void routedElsewhere(int status, String answeredBy) {
        throw new AssertionError("no outcome: the application did not run");
    }

    @Override
    public void abandon(Throwable cause) {
        throw new AssertionError("no outcome: the application did not run");
    }

    @Override
    public int responseCaptureLimit() {
        return 1 << 20;
    }
}
