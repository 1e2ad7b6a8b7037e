package dev.idempotency.agent.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PropagateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The keys a protected execution gives its downstream calls, as the client advice asks for them. */
class DownstreamKeysTest {

    private static final String PAYMENTS = "http://payments:8081/charges";

    @AfterEach
    void leaveThread() {
        DownstreamCalls.leaveAny();
    }

    private static GateFixture propagating(PropagateKey settings) {
        GateFixture fixture = new GateFixture(GateFixture.orders().propagateKey(settings)
                .releaseOnStatus(Set.of(503)).crashPolicy(CrashPolicy.REEXECUTE));
        fixture.gate.serviceName("orders");
        return fixture;
    }

    private static TestRequest create(String key) {
        return TestRequest.post("/orders").key(key).body("{}").build();
    }

    /** The keys the calls get while the request executes, then the execution ends with {@code status}. */
    private static List<String> run(GateFixture fixture, String key, int status, String... calls) {
        Verdict verdict = fixture.begin(create(key));
        assertThat(verdict.proceeds()).isTrue();
        List<String> keys = new ArrayList<>();
        OutgoingKeys current = DownstreamCalls.current();
        assertThat(current).as("keys entered on the handler's thread").isNotNull();
        for (String call : calls) {
            String[] methodAndUrl = call.split(" ");
            java.net.URI uri = java.net.URI.create(methodAndUrl[1]);
            keys.add(current.next("test", methodAndUrl[0], uri.toString(), uri.getHost(), uri.getPort()));
        }
        verdict.execution().finish(TestResponse.status(status).body("{}"), null, false);
        return keys;
    }

    @Test
    void theChainsDeadlineGoesDownInTheHeaderTheEndpointReadItInOrInPropagateDeadlineHeader() {
        assertThat(deadlineSentIn(PropagateKey.to(List.of(), ""))).as("by default, the header it came in")
                .isEqualTo("X-Client-Deadline-Ms");
        assertThat(deadlineSentIn(PropagateKey.to(List.of(), "").withDeadlineHeader("X-Deadline-Ms")))
                .as("propagate-deadline-header").isEqualTo("X-Deadline-Ms");
    }

    /** The header a keyed call carries the deadline in, for a request that came with 5 s left. */
    private static String deadlineSentIn(PropagateKey settings) {
        GateFixture fixture = new GateFixture(GateFixture.orders().propagateKey(settings)
                .deadline(new EndpointSettings.Deadline("X-Client-Deadline-Ms", DeadlineFormat.RELATIVE_MS)));
        fixture.gate.serviceName("orders");
        Verdict verdict = fixture.begin(TestRequest.post("/orders").key("d-1").header("X-Client-Deadline-Ms", "5000")
                .body("{}").build());
        assertThat(verdict.proceeds()).isTrue();
        OutgoingKeys current = DownstreamCalls.current();
        assertThat(current.next("test", "POST", PAYMENTS, "payments", 8081)).isNotNull();
        String header = current.deadlineHeader();
        assertThat(Long.parseLong(current.deadline())).isPositive().isLessThanOrEqualTo(5000);
        verdict.execution().finish(TestResponse.status(201).body("{}"), null, false);
        return header;
    }

    @Test
    void aReleasedAndReExecutedRequestSendsTheSameKeysInTheSameOrder() {
        GateFixture fixture = propagating(PropagateKey.to(List.of(), ""));
        List<String> first = run(fixture, "k-1", 503, "POST " + PAYMENTS, "POST " + PAYMENTS, "PUT http://mail:25/x");
        List<String> again = run(fixture, "k-1", 201, "POST " + PAYMENTS, "POST " + PAYMENTS, "PUT http://mail:25/x");
        assertThat(again).isEqualTo(first).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(first).allSatisfy(key -> assertThat(key).matches("[A-Za-z0-9_-]{43}").doesNotContain("k-1"));
        assertThat(DownstreamCalls.current()).as("left when the outcome is taken").isNull();
    }

    @Test
    void anotherKeyOrScopeOrServiceGivesOtherKeys() {
        GateFixture fixture = propagating(PropagateKey.to(List.of(), ""));
        String one = run(fixture, "k-1", 201, "POST " + PAYMENTS).get(0);
        String other = run(fixture, "k-2", 201, "POST " + PAYMENTS).get(0);
        GateFixture elsewhere = propagating(PropagateKey.to(List.of(), ""));
        elsewhere.gate.serviceName("refunds");
        String otherService = run(elsewhere, "k-1", 201, "POST " + PAYMENTS).get(0);
        assertThat(List.of(one, other, otherService)).doesNotHaveDuplicates();
    }

    @Test
    void safeMethodsAndUnlistedTargetsGetNoKeyAndCountNothing() {
        GateFixture fixture = propagating(PropagateKey.to(List.of("payments"), ""));
        List<String> keys = run(fixture, "k-1", 201, "GET " + PAYMENTS, "POST http://mail:25/x", "POST " + PAYMENTS);
        assertThat(keys.get(0)).isNull();
        assertThat(keys.get(1)).isNull();
        assertThat(keys.get(2)).isNotNull();
        List<AttemptEvent> propagated = fixture.listener.events.stream()
                .filter(event -> event.decision() == Decision.PROPAGATED).toList();
        assertThat(propagated).hasSize(1);
        assertThat(propagated.get(0).downstream().ordinal()).as("the first keyed call to payments").isEqualTo(1);
        assertThat(propagated.get(0).downstream().target()).isEqualTo("payments:8081");
        assertThat(propagated.get(0).downstream().method()).isEqualTo("POST");
        assertThat(propagated.get(0).downstream().key()).isEqualTo(keys.get(2));
        assertThat(propagated.get(0).key()).isEqualTo("k-1");
    }

    @Test
    void noKeysOutsideAProtectedExecutionNorAfterIt() {
        GateFixture fixture = propagating(PropagateKey.to(List.of(), ""));
        assertThat(DownstreamCalls.current()).isNull();
        Verdict verdict = fixture.begin(create("k-1"));
        OutgoingKeys keys = DownstreamCalls.current();
        verdict.execution().finish(TestResponse.status(201).body("{}"), null, false);
        assertThat(keys.next("test", "POST", PAYMENTS, "payments", 8081)).as("after the outcome was taken").isNull();
        assertThat(DownstreamCalls.current()).as("the thread's execution ended").isNull();
    }

    @Test
    void anEndpointThatDoesNotPropagateEntersNothing() {
        GateFixture fixture = new GateFixture(GateFixture.orders());
        Verdict verdict = fixture.begin(create("k-1"));
        assertThat(DownstreamCalls.current()).isNull();
        verdict.execution().finish(TestResponse.status(201).body("{}"), null, false);
    }

    @Test
    void theHeaderIsTheEndpointsKeyHeaderUnlessConfigured() {
        GateFixture own = new GateFixture(GateFixture.orders().keyHeader("X-Idem").propagateKey(PropagateKey.to(List.of(), "")));
        assertThat(own.policy.settings().propagatedKeyHeader()).isEqualTo("X-Idem");
        GateFixture other = new GateFixture(GateFixture.orders().propagateKey(PropagateKey.to(List.of(), "Idempotency-Key")));
        assertThat(other.policy.settings().propagatedKeyHeader()).isEqualTo("Idempotency-Key");
    }
}
