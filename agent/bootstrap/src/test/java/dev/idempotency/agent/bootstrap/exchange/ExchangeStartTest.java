package dev.idempotency.agent.bootstrap.exchange;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import dev.idempotency.agent.bootstrap.testing.FixedRequestView;
import dev.idempotency.agent.bootstrap.testing.NotStartedExecution;
import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The begin sequence, step by step, over a host that records what it is asked to do. */
class ExchangeStartTest {

    private final ScriptedGate gate = new ScriptedGate(ScriptedGate.Routing.PATH);
    private final RecordingHost host = new RecordingHost("POST");

    @AfterEach
    void uninstall() {
        Bridge.install(null);
    }

    @Test
    void aDeclaredRequestIsMarkedDecidedGivenItsBodyBackAndLetThrough() {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(null, Map.of());

        assertThat(ExchangeStart.begin(host)).isEqualTo("proceeded");
        assertThat(host.steps).containsExactly("may take", "route", "mark", "view", "replay {}", "proceed");
        assertThat(gate.begun()).containsExactly("POST /orders");
    }

    @Test
    void theAgentsAnswerIsTheHostsToWrite() {
        Bridge.install(gate);
        gate.verdict = Verdict.respond(409, Map.of(), new byte[0], null);

        assertThat(ExchangeStart.begin(host)).isEqualTo("answered");
        assertThat(host.steps).as("the application does not run, so it needs no body")
                .containsExactly("may take", "route", "mark", "view", "answer 409");
    }

    @Test
    void anUndeclaredRequestThatChangesStateIsToldToTheGateAndLeftAlone() throws Exception {
        Bridge.install(gate);
        gate.route = null;

        assertThat(ExchangeStart.begin(host)).isNull();
        assertThat(host.steps).containsExactly("may take", "route", "view");
        assertThat(gate.undeclared()).containsExactly("POST /orders by " + host.resourceMethod().getName());
    }

    @Test
    void anUndeclaredReadIsLeftAloneAtTheCostOfItsRouteAndALookAtItsView() {
        Bridge.install(gate);
        gate.route = null;
        RecordingHost get = new RecordingHost("GET");

        assertThat(ExchangeStart.begin(get)).isNull();
        assertThat(get.steps).containsExactly("may take", "route", "view");
        assertThat(gate.undeclared()).isEmpty();
        assertThat(gate.begun()).isEmpty();
    }

    @Test
    void anUndeclaredGetThatMayChangeStateIsToldToTheGate() {
        Bridge.install(gate);
        gate.route = null;
        gate.getsMayChangeState = true;
        RecordingHost get = new RecordingHost("GET");

        assertThat(ExchangeStart.begin(get)).isNull();
        assertThat(gate.undeclared()).hasSize(1).first().asString().startsWith("GET ");
        assertThat(gate.begun()).isEmpty();
    }

    @Test
    void aNewRequestOnTheThreadEndsTheDownstreamKeysOfTheExecutionBeforeIt() {
        Bridge.install(gate);
        gate.route = null;
        OutgoingKeys asyncExecution = new OutgoingKeys() {
            @Override
            public String header() {
                return "Idempotency-Key";
            }

            @Override
            public String next(String client, String method, String url, String host, int port) {
                return "derived";
            }
        };
        DownstreamCalls.enter(asyncExecution);
        try {
            host.mayTake = false;
            ExchangeStart.begin(host);
            assertThat(DownstreamCalls.current()).as("an entry further in of the same request").isSameAs(asyncExecution);

            host.mayTake = true;
            ExchangeStart.begin(new RecordingHost("GET"));
            assertThat(DownstreamCalls.current()).as("the thread took another request").isNull();
        } finally {
            DownstreamCalls.leave(asyncExecution);
        }
    }

    @Test
    void aRequestTakenFurtherOutOrWithoutAGateIsNotRouted() {
        assertThat(ExchangeStart.begin(host)).as("no gate").isNull();
        assertThat(host.steps).isEmpty();

        Bridge.install(gate);
        host.mayTake = false;
        assertThat(ExchangeStart.begin(host)).isNull();
        assertThat(host.steps).containsExactly("may take");
    }

    @Test
    void aFailingAdapterLetsTheRequestRunAsIfTheAgentWereAbsentAndIsReported() {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(null, Map.of());
        host.failure = new NoSuchMethodError("a host API the adapter expected");

        assertThat(ExchangeStart.begin(host)).isNull();
        assertThat(gate.adapterFailures()).containsExactly("recording adapter: java.lang.NoSuchMethodError: a host API the adapter expected");
    }

    @Test
    void anAdapterFailureAfterTheClaimEndsTheClaimAndAnswersTheAgents500InsteadOfRunningTheApplication() {
        NotStartedExecution claimed = claimedAnswering(Verdict.respond(500, Map.of(), new byte[0], null));
        IllegalStateException failure = new IllegalStateException("the adapter broke wrapping the response");
        host.failure = failure;

        String outcome = ExchangeStart.begin(host);

        assertThat(applicationRuns(outcome)).as("the application's executions").isZero();
        assertThat(claimed.told()).containsExactly("recording adapter: " + failure);
        assertThat(host.steps).containsExactly("may take", "route", "mark", "view", "replay {}", "answer 500");
        assertThat(gate.adapterFailures()).as("not reported as a request run unprotected").isEmpty();
    }

    @Test
    void anErrorAfterTheClaimIsHandledAsAnyFailureBeforeTheApplicationAndNotThrownOn() {
        NotStartedExecution claimed = claimedAnswering(Verdict.respond(500, Map.of(), new byte[0], null));
        StackOverflowError failure = new StackOverflowError("deep in the adapter");
        host.failureInReplay = failure;

        String outcome = ExchangeStart.begin(host);

        assertThat(applicationRuns(outcome)).as("a rethrow would have the advice run the application unprotected")
                .isZero();
        assertThat(claimed.told()).containsExactly("recording adapter: " + failure);
        assertThat(host.steps).containsExactly("may take", "route", "mark", "view", "answer 500");
    }

    @Test
    void anAdapterFailureAfterTheClaimOnAFailOpenEndpointRunsTheApplicationAsIfTheAgentWereAbsent() {
        NotStartedExecution claimed = claimedAnswering(Verdict.proceed(null, Map.of()));
        host.failure = new IllegalStateException("the adapter broke wrapping the response");

        String outcome = ExchangeStart.begin(host);

        assertThat(outcome).isNull();
        assertThat(applicationRuns(outcome)).isOne();
        assertThat(claimed.told()).hasSize(1);
        assertThat(host.steps).doesNotContain("answer 500");
    }

    @Test
    void anExecutionTheAdapterPreparedWithoutFailingIsNotEndedBeforeTheApplicationRuns() {
        NotStartedExecution claimed = claimedAnswering(Verdict.respond(500, Map.of(), new byte[0], null));

        String outcome = ExchangeStart.begin(host);

        assertThat(applicationRuns(outcome)).isOne();
        assertThat(claimed.told()).as("what fails from here on is the application's outcome, not the sequence's")
                .isEmpty();
    }

    /** The gate claims the request; told that its application never started, the execution answers {@code instead}. */
    private NotStartedExecution claimedAnswering(Verdict instead) {
        Bridge.install(gate);
        NotStartedExecution claimed = new NotStartedExecution(instead);
        gate.verdict = Verdict.proceed(claimed, Map.of());
        return claimed;
    }

    /** As the advice does with what the sequence returned: the application runs unless the agent answered. */
    private static int applicationRuns(String outcome) {
        return outcome == null || outcome.equals("proceeded") ? 1 : 0;
    }

    /** A host of one request to {@code /orders}, its body {@code {}}. */
    private static final class RecordingHost implements ExchangeHost<String> {

        final List<String> steps = new ArrayList<>();
        final String method;
        boolean mayTake = true;
        /** Thrown by {@link #proceed}. */
        Throwable failure;
        /** Thrown by {@link #replay}. */
        Error failureInReplay;

        RecordingHost(String method) {
            this.method = method;
        }

        @Override
        public String adapter() {
            return "recording adapter";
        }

        @Override
        public boolean mayTake() {
            steps.add("may take");
            return mayTake;
        }

        @Override
        public String method() {
            return method;
        }

        @Override
        public Route route(Gate gate) {
            steps.add("route");
            return gate.route(method, "", "/orders");
        }

        @Override
        public void mark() {
            steps.add("mark");
        }

        @Override
        public HostRequestView view() {
            steps.add("view");
            return new FixedRequestView(method, "/orders", RecordingHost.class, Map.of(), "{}");
        }

        @Override
        public Method resourceMethod() {
            try {
                return RecordingHost.class.getDeclaredMethod("view");
            } catch (NoSuchMethodException e) {
                throw new AssertionError(e);
            }
        }

        @Override
        public void replay(RequestBody body) {
            if (failureInReplay != null) {
                throw failureInReplay;
            }
            steps.add("replay " + new String(body.bytes(), UTF_8));
        }

        @Override
        public String answer(Verdict verdict) {
            steps.add("answer " + verdict.status());
            return "answered";
        }

        @Override
        public String proceed(Verdict verdict) {
            if (failure instanceof RuntimeException) {
                throw (RuntimeException) failure;
            }
            if (failure != null) {
                throw (Error) failure;
            }
            steps.add("proceed");
            return "proceeded";
        }
    }
}
