package dev.idempotency.agent.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.testing.RecordingListener;
import dev.idempotency.agent.core.testing.SwitchableStore;
import dev.idempotency.agent.core.testing.TestClock;
import dev.idempotency.agent.core.testing.TestEndpoints;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestStores;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** A gate over one endpoint, a test store, a test clock and a recording listener. */
final class GateFixture {

    static final String OWNER = "jvm-test";
    private static final ObjectMapper JSON = new ObjectMapper();

    final TestClock clock = new TestClock();
    final SwitchableStore store = new SwitchableStore(TestStores.create(clock));
    final RecordingListener listener = new RecordingListener();
    final EndpointPolicy policy;
    final OutcomeWrites outcomes;
    final IdempotencyGate gate;

    /** The orders endpoint with {@code settings}. */
    GateFixture(EndpointSettings.Builder settings) {
        this(policy(settings));
    }

    GateFixture(EndpointPolicy policy) {
        this(policy, OutcomeWrites.onRequestThread());
    }

    /** The orders endpoint with {@code settings}, its outcomes written as {@code outcomes} says. */
    GateFixture(EndpointSettings.Builder settings, OutcomeWrites outcomes) {
        this(policy(settings), outcomes);
    }

    /** The orders endpoint with {@code settings}, its outcomes written by what {@code outcomes} makes for its store. */
    GateFixture(EndpointSettings.Builder settings, Function<RequestWork, OutcomeWrites> outcomes) {
        this.policy = policy(settings);
        this.outcomes = outcomes.apply(store);
        this.gate = new IdempotencyGate(new RouteTable(List.of(this.policy)), store, OWNER, listener, clock,
                this.outcomes);
    }

    private GateFixture(EndpointPolicy policy, OutcomeWrites outcomes) {
        this.policy = policy;
        this.outcomes = outcomes;
        this.gate = new IdempotencyGate(new RouteTable(List.of(this.policy)), store, OWNER, listener, clock, outcomes);
    }

    /** The settings of the orders endpoint, at their defaults until a test changes them. */
    static EndpointSettings.Builder orders() {
        return EndpointSettings.builder();
    }

    /** {@code create-order}: POST /orders with {@code settings}. */
    static EndpointPolicy policy(EndpointSettings.Builder settings) {
        return TestEndpoints.byPath("create-order", "POST", "/orders", settings.build());
    }

    /** As an adapter does: asks the gate, and delivers an answer of the agent's own whole. */
    Verdict begin(TestRequest request) {
        Verdict verdict = undelivered(request);
        if (!verdict.proceeds()) {
            verdict.delivered();
        }
        return verdict;
    }

    /** The route of {@code POST /orders}, as the gate finds it for an adapter. */
    Route ordersRoute() {
        return gate.route("POST", "", "/orders");
    }

    /** The gate's verdict, before the adapter has said what became of an answer of the agent's own. */
    Verdict undelivered(TestRequest request) {
        return gate.begin(gate.route(request.method(), "", request.path()), request);
    }

    Optional<StoredRecord> record(String key) {
        return record("", key);
    }

    Optional<StoredRecord> record(String scope, String key) {
        return store.find(scope, key);
    }

    static String header(Verdict verdict, String name) {
        for (Map.Entry<String, List<String>> header : verdict.headers().entrySet()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return String.join(",", header.getValue());
            }
        }
        return null;
    }

    static JsonNode json(Verdict verdict) {
        try {
            return JSON.readTree(verdict.body());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Asserts a problem answer: status, type, content type, and the request id in header and body. */
    static JsonNode assertProblem(Verdict verdict, int status, String typeSlug) {
        assertThat(verdict.proceeds()).isFalse();
        assertThat(verdict.status()).isEqualTo(status);
        assertThat(header(verdict, "Content-Type")).isEqualTo("application/problem+json");
        String requestId = header(verdict, "X-Request-Id");
        assertThat(requestId).isNotBlank();
        JsonNode problem = json(verdict);
        assertThat(problem.get("type").asText()).isEqualTo("https://idempotency-agent.dev/problems/" + typeSlug);
        assertThat(problem.get("title").asText()).isNotBlank();
        assertThat(problem.get("status").asInt()).isEqualTo(status);
        assertThat(problem.get("detail").asText()).isNotBlank();
        assertThat(problem.get("requestId").asText()).isEqualTo(requestId);
        return problem;
    }
}
