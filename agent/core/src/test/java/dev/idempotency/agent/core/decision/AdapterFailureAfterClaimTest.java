package dev.idempotency.agent.core.decision;

import static dev.idempotency.agent.core.decision.GateFixture.orders;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.ExchangeHost;
import dev.idempotency.agent.bootstrap.exchange.ExchangeStart;
import dev.idempotency.agent.bootstrap.exchange.FailureAnswer;
import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.bootstrap.testing.FixedRequestView;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The begin sequence over the real gate and store, with an adapter that fails where a test says:
 * counted by the application's executions, the record's state and what the client received.
 */
class AdapterFailureAfterClaimTest {

    private GateFixture fixture = new GateFixture(orders());
    /** How often the application ran, over all requests of a test. */
    private int executions;

    @AfterEach
    void uninstall() {
        Bridge.install(null);
    }

    @Test
    void anAdapterFailingAfterTheClaimAnswers500ReleasesTheClaimAndTheRetryExecutesOnce() {
        Bridge.install(fixture.gate);

        Host broken = serveFailingToProceed(new IllegalStateException("the adapter broke wrapping the response"));

        assertThat(executions).as("the application did not run unprotected").isZero();
        assertThat(broken.received).containsExactly("500 idempotency-agent-failure");
        assertThat(fixture.record("k1")).as("the claim was released").isEmpty();
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.AGENT_FAILURE);
        assertThat(fixture.listener.last().reason()).contains("test adapter failed before the application started",
                "the adapter broke wrapping the response", "the claim was released", "not executed");
        assertThat(fixture.listener.failures).as("reported loudly, with its cause")
                .containsExactly(broken.proceedFails);

        Host retry = new Host("k1");
        serve(retry);
        Host again = new Host("k1");
        serve(again);

        assertThat(executions).isOne();
        assertThat(retry.received).containsExactly("201 by the application");
        assertThat(again.received).containsExactly("201 replayed");
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
    }

    @Test
    void anErrorAfterTheClaimReleasesItTooAndIsNotThrownOnToRunTheApplication() {
        Bridge.install(fixture.gate);

        Host broken = serveFailingToProceed(new StackOverflowError("deep in the adapter"));

        assertThat(executions).isZero();
        assertThat(broken.received).containsExactly("500 idempotency-agent-failure");
        assertThat(fixture.record("k1")).isEmpty();

        serve(new Host("k1"));
        assertThat(executions).isOne();
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
    }

    @Test
    void onAFailOpenEndpointTheClaimIsReleasedAndTheApplicationRunsUnprotected() {
        fixture = new GateFixture(orders().onStoreError(StoreErrorPolicy.FAIL_OPEN));
        Bridge.install(fixture.gate);

        Host broken = serveFailingToProceed(new IllegalStateException("the adapter broke wrapping the response"));

        assertThat(executions).isOne();
        assertThat(broken.received).containsExactly("201 by the application");
        assertThat(fixture.record("k1")).as("no claim is left in progress behind the unprotected run").isEmpty();
        assertThat(fixture.listener.last().reason()).contains("the claim was released", "UNPROTECTED (fail-open)");
    }

    @Test
    void aReplayThatCannotBeWrittenLeavesTheRecordCompletedAndAnswers500NeverTheApplication() {
        Bridge.install(fixture.gate);
        serve(new Host("k1"));

        Host replayFails = new Host("k1");
        replayFails.answerFails = true;
        serve(replayFails);

        assertThat(executions).isOne();
        assertThat(replayFails.received).containsExactly("500 written by FailureAnswer");
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.ANSWER_FAILED);
    }

    @Test
    void aFailureAfterTheApplicationStartedIsTheOutcomesNotOneBeforeIt() {
        Bridge.install(fixture.gate);
        Host host = new Host("k1");
        host.outcomeFails = new OutOfMemoryError("copying the response");

        serve(host);

        assertThat(executions).isOne();
        assertThat(fixture.record("k1").orElseThrow().state()).as("given up, not released")
                .isEqualTo(RecordState.UNKNOWN);

        Verdict late = host.execution.notStarted("test adapter", new IllegalStateException("a late bug"));
        assertThat(late.proceeds()).isFalse();
        assertThat(fixture.record("k1").orElseThrow().state()).as("an ended execution is not released")
                .isEqualTo(RecordState.UNKNOWN);

        serve(new Host("k1"));
        assertThat(executions).as("the retry meets the unknown outcome").isOne();
    }

    /** A request with key {@code k1} whose adapter throws {@code failure} preparing the application's run. */
    private Host serveFailingToProceed(Throwable failure) {
        Host broken = new Host("k1");
        broken.proceedFails = failure;
        serve(broken);
        return broken;
    }

    /** What the advice does: the sequence, then the application unless the agent answered. */
    private void serve(Host host) {
        String outcome = ExchangeStart.begin(host);
        if (outcome != null && !outcome.equals(Host.PROCEED)) {
            return;
        }
        executions++;
        host.received.add("201 by the application");
        if (host.execution != null) {
            Execution.report(host.execution, () -> {
                if (host.outcomeFails != null) {
                    throw host.outcomeFails;
                }
                return TestResponse.status(201).body("{\"id\":1}");
            }, null, () -> false);
        }
    }

    /** An adapter for one request {@code POST /orders} with a key, that fails where told. */
    private static final class Host implements ExchangeHost<String>, FailureAnswer.Writer {

        static final String PROCEED = "proceed";

        final List<String> received = new ArrayList<>();
        private final String key;
        Throwable proceedFails;
        boolean answerFails;
        Error outcomeFails;
        Execution execution;

        Host(String key) {
            this.key = key;
        }

        @Override
        public String adapter() {
            return "test adapter";
        }

        @Override
        public boolean mayTake() {
            return true;
        }

        @Override
        public String method() {
            return "POST";
        }

        @Override
        public Route route(Gate gate) {
            return gate.route("POST", "", "/orders");
        }

        @Override
        public void mark() {
        }

        @Override
        public HostRequestView view() {
            return new FixedRequestView("POST", "/orders", Host.class, Map.of("Idempotency-Key", key), "{\"sku\":1}");
        }

        @Override
        public void replay(RequestBody body) {
        }

        /** As every adapter answers: the verdict's answer, else the agent's 500 through {@link FailureAnswer}. */
        @Override
        public String answer(Verdict verdict) {
            try {
                if (answerFails) {
                    throw new IllegalStateException("the runtime refused the answer");
                }
                received.add(verdict.status() + " " + describe(verdict));
                verdict.delivered();
            } catch (Throwable failure) {
                verdict.notDelivered(FailureAnswer.write(verdict, this), failure);
            }
            return "answered";
        }

        private static String describe(Verdict verdict) {
            if (verdict.body() != null && new String(verdict.body(), UTF_8).contains("idempotency-agent-failure")) {
                return "idempotency-agent-failure";
            }
            return "replayed";
        }

        @Override
        public String proceed(Verdict verdict) {
            execution = verdict.execution();
            if (proceedFails instanceof RuntimeException) {
                throw (RuntimeException) proceedFails;
            }
            if (proceedFails != null) {
                throw (Error) proceedFails;
            }
            return PROCEED;
        }

        @Override
        public void writeWhole(int status, String contentType, byte[] body) {
            received.add(status + " written by FailureAnswer");
        }

        @Override
        public void sendError(int status) {
            received.add(status + " sent as the runtime's error");
        }
    }
}
