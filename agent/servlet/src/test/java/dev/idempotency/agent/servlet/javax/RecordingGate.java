package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The core behind the servlet adapter: routes by the servlet-form path, and lets a declared request
 * through (unless a verdict is set) with an execution that keeps every outcome the adapter reports.
 */
final class RecordingGate extends ScriptedGate {

    /** One reported outcome, with what {@link #atFinish} said when it was reported. */
    static final class Outcome {
        final CapturedResponse response;
        final Throwable failure;
        final boolean clientGone;
        final String thread;
        final Object seenAtFinish;
        /** What answered in the handler's place ({@link Execution#routedElsewhere}); {@code null} when the handler ran. */
        final String answeredBy;

        Outcome(CapturedResponse response, Throwable failure, boolean clientGone, Object seenAtFinish) {
            this(response, failure, clientGone, seenAtFinish, null);
        }

        Outcome(CapturedResponse response, Throwable failure, boolean clientGone, Object seenAtFinish, String answeredBy) {
            this.answeredBy = answeredBy;
            this.response = response;
            this.failure = failure;
            this.clientGone = clientGone;
            this.thread = Thread.currentThread().getName();
            this.seenAtFinish = seenAtFinish;
        }
    }

    volatile int captureLimit = 1 << 20;
    /** Read when an outcome is reported: lets a test see what had happened by then. */
    volatile Supplier<Object> atFinish = () -> null;

    private final List<Outcome> outcomes = new ArrayList<>();

    RecordingGate() {
        super(Routing.PATH);
    }

    /** The verdict set, else the application runs under a recording execution. */
    @Override
    public Verdict begin(Route route, RequestView request) {
        Verdict scripted = super.begin(route, request);
        return scripted != null ? scripted : Verdict.proceed(new Recording(), Map.of());
    }

    synchronized List<Outcome> outcomes() {
        return new ArrayList<>(outcomes);
    }

    /** The one outcome reported; fails when there were none or several. */
    synchronized Outcome only() {
        if (outcomes.size() != 1) {
            throw new AssertionError("expected exactly one outcome, got " + outcomes.size());
        }
        return outcomes.get(0);
    }

    /** Forgets the outcomes so far. */
    synchronized void clear() {
        outcomes.clear();
    }

    /** As new: declared, reading bodies, a capture limit of 1 MiB, no verdict, nothing recorded. */
    @Override
    public synchronized void reset() {
        super.reset();
        captureLimit = 1 << 20;
        atFinish = () -> null;
        outcomes.clear();
    }

    private final class Recording implements Execution {

        @Override
        public void finish(CapturedResponse response, Throwable failure, boolean clientGone) {
            Outcome outcome = new Outcome(response, failure, clientGone, atFinish.get());
            synchronized (RecordingGate.this) {
                outcomes.add(outcome);
            }
        }

        @Override
        public void abandon(Throwable cause) {
            Outcome outcome = new Outcome(null, cause, false, atFinish.get());
            synchronized (RecordingGate.this) {
                outcomes.add(outcome);
            }
        }

        @Override
        public void routedElsewhere(int status, String answeredBy) {
            Outcome outcome = new Outcome(null, null, false, atFinish.get(), status + " by " + answeredBy);
            synchronized (RecordingGate.this) {
                outcomes.add(outcome);
            }
        }

        /** Recorded as an outcome with no response and its cause; the agent answers 500. */
        @Override
        public Verdict notStarted(String adapter, Throwable cause) {
            abandon(cause);
            return Verdict.respond(Verdict.FAILURE_STATUS, Map.of(), new byte[0], null);
        }

        @Override
        public int responseCaptureLimit() {
            return captureLimit;
        }
    }
}
