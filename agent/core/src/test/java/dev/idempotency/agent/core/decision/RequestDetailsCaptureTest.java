package dev.idempotency.agent.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.testing.TestClock;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestStores;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The gate hands a listener the headers and body it asked for, and nothing when it asked for nothing. */
class RequestDetailsCaptureTest {

    private static final String BODY = "{\"sku\":\"a\"}";

    private static TestRequest request(String key) {
        TestRequest.Builder request = TestRequest.post("/orders").header("Content-Type", "application/json")
                .header("User-Agent", "curl/8").header("Authorization", "Bearer secret-token").body(BODY);
        return (key == null ? request : request.key(key)).build();
    }

    /** Sends {@code request} through a gate whose listener asks for {@code details}; finishes an execution. */
    private static List<AttemptEvent> run(RequestDetails details, TestRequest request) {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        AttemptListener listener = new AttemptListener() {
            @Override
            public void onAttempt(AttemptEvent event) {
                events.add(event);
            }

            @Override
            public RequestDetails requestDetails() {
                return details;
            }
        };
        TestClock clock = new TestClock();
        IdempotencyGate gate = new IdempotencyGate(new RouteTable(List.of(GateFixture.policy(GateFixture.orders()))),
                TestStores.create(clock), "jvm", listener, clock, OutcomeWrites.onRequestThread());
        Verdict verdict = gate.begin(gate.route("POST", "", "/orders"), request);
        if (verdict.execution() != null) {
            verdict.execution().finish(null, null, false);
        } else if (!verdict.proceeds()) {
            verdict.delivered();
        }
        return events;
    }

    @Test
    void nothingBeyondTheFixedFieldsByDefault() {
        AttemptEvent event = run(RequestDetails.NONE, request("k1")).get(0);
        assertThat(event.requestHeaders()).isEmpty();
        assertThat(event.requestBody()).isNull();
        assertThat(event.requestContentType()).isNull();
    }

    @Test
    void theAskedHeadersAndTheBodyWithItsContentType() {
        AttemptEvent event = run(new RequestDetails(List.of("User-Agent", "X-Absent"), true), request("k1")).get(0);
        assertThat(event.decision()).isEqualTo(Decision.EXECUTED);
        assertThat(event.requestHeaders()).isEqualTo(Map.of("User-Agent", List.of("curl/8")));
        assertThat(new String(event.requestBody(), StandardCharsets.UTF_8)).isEqualTo(BODY);
        assertThat(event.requestContentType()).isEqualTo("application/json");
    }

    @Test
    void headersEvenWhenRefusedBeforeTheBodyWasRead() {
        AttemptEvent event = run(new RequestDetails(List.of("User-Agent"), true), request(null)).get(0);
        assertThat(event.decision()).isEqualTo(Decision.MISSING_KEY);
        assertThat(event.requestHeaders()).containsKey("User-Agent");
        assertThat(event.requestBody()).as("never read for a refused key").isNull();
    }

    @Test
    void aCompositeAsksForWhatAnyOfItsListenersWants() {
        RequestDetails merged = new RequestDetails(List.of("User-Agent"), false)
                .and(new RequestDetails(List.of("X-Tenant", "User-Agent"), true));
        assertThat(merged.headerNames()).containsExactly("User-Agent", "X-Tenant");
        assertThat(merged.body()).isTrue();
    }
}
