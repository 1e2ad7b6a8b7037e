package dev.idempotency.agent.jaxrs;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The core's side of a claimed execution, keeping every outcome an adapter reports. */
public final class RecordingExecution implements Execution {

    /** One reported outcome. */
    public static final class Outcome {
        public final CapturedResponse response;
        public final Throwable failure;
        public final boolean clientGone;

        Outcome(CapturedResponse response, Throwable failure, boolean clientGone) {
            this.response = response;
            this.failure = failure;
            this.clientGone = clientGone;
        }
    }

    private final int captureLimit;
    private final List<Outcome> outcomes = new ArrayList<>();

    public RecordingExecution(int captureLimit) {
        this.captureLimit = captureLimit;
    }

    @Override
    public synchronized void finish(CapturedResponse response, Throwable failure, boolean clientGone) {
        outcomes.add(new Outcome(response, failure, clientGone));
    }

    /** An abandoned execution is recorded as an outcome with no response and its cause. */
    @Override
    public synchronized void abandon(Throwable cause) {
        outcomes.add(new Outcome(null, cause, false));
    }

    /** Nothing in JAX-RS is routed elsewhere after a resource method matched: fails the test. */
    @Override
    public void routedElsewhere(int status, String answeredBy) {
        throw new AssertionError("a JAX-RS adapter reported a request routed elsewhere (" + status + " by " + answeredBy + ")");
    }

    /** An execution the adapter failed to start is recorded as an outcome with no response and its cause; the agent answers 500. */
    @Override
    public synchronized Verdict notStarted(String adapter, Throwable cause) {
        outcomes.add(new Outcome(null, cause, false));
        return Verdict.respond(Verdict.FAILURE_STATUS, Map.of(), new byte[0], null);
    }

    @Override
    public int responseCaptureLimit() {
        return captureLimit;
    }

    public synchronized List<Outcome> outcomes() {
        return new ArrayList<>(outcomes);
    }

    /** The one outcome reported; fails when there were none or several. */
    public synchronized Outcome only() {
        if (outcomes.size() != 1) {
            throw new AssertionError("expected exactly one outcome, got " + outcomes.size());
        }
        return outcomes.get(0);
    }
}
