package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The core behind the servlet adapter: a declared request's body is read as the core reads it for
 * a fingerprint, and every outcome the adapter reports is kept.
 */
final class RecordingGate implements Gate {

    /** One reported outcome, with what {@link #atFinish} said when it was reported. */
    static final class Outcome {
        final CapturedResponse response;
        final Throwable failure;
        final boolean clientGone;
        final String thread;
        final Object seenAtFinish;

        Outcome(CapturedResponse response, Throwable failure, boolean clientGone, Object seenAtFinish) {
            this.response = response;
            this.failure = failure;
            this.clientGone = clientGone;
            this.thread = Thread.currentThread().getName();
            this.seenAtFinish = seenAtFinish;
        }
    }

    /** Whether requests are to a declared endpoint; an undeclared one reaches the application untouched. */
    volatile boolean declared = true;
    /** Whether {@code begin} reads the body (the core does for every declared endpoint). */
    volatile boolean readsBody = true;
    volatile int captureLimit = 1 << 20;
    /** The agent's answer in the application's place; {@code null}: the application runs. */
    volatile Verdict answer;
    /** Read when an outcome is reported: lets a test see what had happened by then. */
    volatile Supplier<Object> atFinish = () -> null;

    private final List<Outcome> outcomes = new ArrayList<>();
    private final List<byte[]> bodiesRead = new ArrayList<>();
    private final List<Throwable> adapterFailures = new ArrayList<>();

    @Override
    public Route route(String method, String contextPath, String path) {
        return declared ? new Route() { } : null;
    }

    /** Asked by the JAX-RS adapters only. */
    @Override
    public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
        throw new UnsupportedOperationException("a servlet routes by path");
    }

    /** Asked only below a JAX-RS dispatcher servlet's prefix mapping. */
    @Override
    public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String dispatcher) {
        throw new UnsupportedOperationException("no JAX-RS dispatcher here");
    }

    @Override
    public Verdict begin(Route route, RequestView request) {
        if (readsBody) {
            try {
                byte[] body = request.body(1 << 24);
                synchronized (this) {
                    bodiesRead.add(body);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Verdict answer = this.answer;
        return answer != null ? answer : Verdict.proceed(new Recording(), Map.of());
    }

    @Override
    public synchronized void adapterFailure(String adapter, Throwable failure) {
        adapterFailures.add(failure);
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

    /** As new: declared, reading bodies, a capture limit of 1 MiB, no answer of the agent's, nothing recorded. */
    synchronized void reset() {
        declared = true;
        readsBody = true;
        captureLimit = 1 << 20;
        answer = null;
        atFinish = () -> null;
        outcomes.clear();
        bodiesRead.clear();
        adapterFailures.clear();
    }

    synchronized List<byte[]> bodiesRead() {
        return new ArrayList<>(bodiesRead);
    }

    synchronized List<Throwable> adapterFailures() {
        return new ArrayList<>(adapterFailures);
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
        public int responseCaptureLimit() {
            return captureLimit;
        }
    }
}
