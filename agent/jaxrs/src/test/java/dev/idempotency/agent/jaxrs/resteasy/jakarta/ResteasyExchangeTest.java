package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.RecordingReceipt;
import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import dev.idempotency.agent.jaxrs.RecordingExecution;
import jakarta.ws.rs.core.MediaType;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.jboss.resteasy.mock.MockHttpResponse;
import org.jboss.resteasy.spi.ResourceInvoker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One RESTEasy request on RESTEasy's own mock request and response, with the core behind a scripted gate. */
class ResteasyExchangeTest {

    private static final Map<String, List<String>> REQUEST_ID = Map.of("Idempotency-Request-Id", List.of("req-1"));

    private final ScriptedGate gate = new ScriptedGate(ScriptedGate.Routing.RESOURCE_METHOD);
    private final RecordingExecution execution = new RecordingExecution(1024);
    private final MockHttpResponse response = new MockHttpResponse();

    @AfterEach
    void uninstall() {
        Bridge.install(null);
        DispatchedRequests.done();
        assertThat(gate.adapterFailures()).as("failures of the adapter").isEmpty();
    }

    @Test
    void withoutTheAgentTheRequestIsNotTaken() throws Exception {
        MockHttpRequest request = post("orders");

        assertThat(ResteasyExchange.begin(request, response, invoker())).isNull();
        assertThat(request.getAttribute(Bridge.REQUEST_MARKER)).isNull();
    }

    @Test
    void anUndeclaredEndpointIsNotTakenButWasRoutedByResourceMethodAndPath() throws Exception {
        Bridge.install(gate);
        gate.route = null;
        MockHttpRequest request = post("orders/a%20b");

        assertThat(ResteasyExchange.begin(request, response, invoker())).isNull();
        assertThat(request.getAttribute(Bridge.REQUEST_MARKER)).isNull();
        assertThat(gate.routed()).containsExactly("Orders#create POST /orders/a b");
    }

    @Test
    void aRequestAServletAlreadyTookIsLeftToIt() throws Exception {
        Bridge.install(gate);
        MockHttpRequest request = post("orders");
        request.setAttribute(Bridge.REQUEST_MARKER, Boolean.TRUE);

        assertThat(ResteasyExchange.begin(request, response, invoker())).isNull();
        assertThat(gate.routed()).isEmpty();
    }

    @Test
    void aReplayIsWrittenAndTheResourceMethodSkipped() throws Exception {
        Bridge.install(gate);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        headers.put("Set-Cookie", List.of("a=1", "b=2"));
        gate.verdict = Verdict.respond(201, headers, "{\"id\":1}".getBytes(UTF_8), null);

        ResteasyExchange exchange = ResteasyExchange.begin(post("orders"), response, invoker());

        assertThat(exchange.answered()).isTrue();
        assertThat(response.getStatus()).isEqualTo(201);
        assertThat(response.getOutputHeaders().get("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(response.getOutputHeaders().getFirst("Content-Type")).isEqualTo("application/json");
        assertThat(response.getContentAsString()).isEqualTo("{\"id\":1}");
    }

    @Test
    void anAnswerThatCannotBeWrittenBecomesTheAgentsFailureAndTheGateHearsIt() throws Exception {
        Bridge.install(gate);
        Map<String, List<String>> unreadable = new AbstractMap<>() {
            @Override
            public Set<Entry<String, List<String>>> entrySet() {
                throw new NoSuchMethodError("a host API the adapter expected");
            }
        };
        RecordingReceipt receipt = new RecordingReceipt();
        gate.verdict = Verdict.respond(201, unreadable, "{\"id\":1}".getBytes(UTF_8), receipt);

        ResteasyExchange exchange = ResteasyExchange.begin(post("orders"), response, invoker());

        assertThat(exchange.answered()).isTrue();
        assertThat(response.getStatus()).isEqualTo(500);
        assertThat(response.getOutputHeaders().getFirst("Content-Type")).hasToString("application/problem+json");
        assertThat(response.getContentAsString()).isEqualTo(RecordingReceipt.FAILURE_BODY);
        assertThat(receipt.told()).isEqualTo("not delivered 500: java.lang.NoSuchMethodError: a host API the adapter expected");
    }

    @Test
    void aProceedingRequestGetsTheVerdictsHeadersAndTheBodyTheCoreRead() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, REQUEST_ID);
        MockHttpRequest request = post("orders").content("{\"amount\":5}".getBytes(UTF_8));

        ResteasyExchange exchange = ResteasyExchange.begin(request, response, invoker());

        assertThat(exchange.answered()).isFalse();
        assertThat(gate.bodiesRead()).extracting(body -> new String(body, UTF_8)).containsExactly("{\"amount\":5}");
        assertThat(request.getInputStream().readAllBytes()).asString(UTF_8).isEqualTo("{\"amount\":5}");
        assertThat(response.getOutputHeaders().get("Idempotency-Request-Id")).containsExactly("req-1");
    }

    @Test
    void theExecutionFinishesWhenRestEasyReportsTheResponseWritten() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, REQUEST_ID);
        MockHttpRequest request = post("orders");
        ResteasyExchange.begin(request, response, invoker());
        List<Throwable> callbacks = new ArrayList<>();

        Consumer<Throwable> onComplete = ResteasyExchange.finishingWhenWritten(request, callbacks::add);
        response.setStatus(201);
        response.getOutputHeaders().putSingle("Content-Type", MediaType.APPLICATION_JSON_TYPE);
        response.getOutputStream().write("{\"id\":1}".getBytes(UTF_8));
        onComplete.accept(null);

        RecordingExecution.Outcome outcome = execution.only();
        assertThat(outcome.response.status()).isEqualTo(201);
        assertThat(outcome.response.headers()).containsEntry("Content-Type", List.of("application/json"))
                .containsEntry("Idempotency-Request-Id", List.of("req-1"));
        assertThat(outcome.response.body()).asString(UTF_8).isEqualTo("{\"id\":1}");
        assertThat(outcome.failure).isNull();
        assertThat(response.getContentAsString()).isEqualTo("{\"id\":1}");
        assertThat(callbacks).containsExactly((Throwable) null);
    }

    @Test
    void anExceptionThatEscapesBeforeAnythingWasWrittenIsRecordedAsThe500() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of());
        ResteasyExchange exchange = ResteasyExchange.begin(post("orders"), response, invoker());
        IllegalStateException escaped = new IllegalStateException("no mapper");

        exchange.end(escaped);

        assertThat(execution.only().response.status()).isEqualTo(500);
        assertThat(execution.only().failure).isSameAs(escaped);
    }

    @Test
    void anExceptionAfterTheResponseWasCommittedKeepsItsStatus() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of());
        ResteasyExchange exchange = ResteasyExchange.begin(post("orders"), response, invoker());
        response.setStatus(202);
        response.getOutputStream().write('x');

        exchange.end(new IllegalStateException("late"));

        assertThat(execution.only().response.status()).isEqualTo(202);
        assertThat(execution.only().response.body()).asString(UTF_8).isEqualTo("x");
    }

    @Test
    void aNormalExitLeavesTheExecutionToTheWrittenResponse() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of());
        MockHttpRequest request = post("orders");
        ResteasyExchange exchange = ResteasyExchange.begin(request, response, invoker());

        exchange.end(null);
        assertThat(execution.outcomes()).isEmpty();

        Consumer<Throwable> first = ResteasyExchange.finishingWhenWritten(request, null);
        Consumer<Throwable> second = ResteasyExchange.finishingWhenWritten(request, null);
        first.accept(null);
        second.accept(null);
        assertThat(execution.outcomes()).hasSize(1);
    }

    @Test
    void aClaimedRequestIsKnownByItselfNotByAnAttributeOtherRequestsCouldSee() throws Exception {
        // RESTEasy's JDK HTTP server keeps request attributes in its HttpContext, shared by all requests
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of());
        MockHttpRequest claimed = post("orders");
        ResteasyExchange.begin(claimed, response, invoker());
        Consumer<Throwable> callback = failure -> { };

        assertThat(claimed.getAttributeNames().hasMoreElements()).isFalse();
        assertThat(ResteasyExchange.finishingWhenWritten(post("orders"), callback)).isSameAs(callback);
        assertThat(ResteasyExchange.finishingWhenWritten(claimed, callback)).isNotSameAs(callback);
    }

    @Test
    void aFinishedExchangeLetsGoOfItsRequest() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of());
        MockHttpRequest request = post("orders");
        ResteasyExchange.begin(request, response, invoker());
        Consumer<Throwable> callback = failure -> { };

        ResteasyExchange.finishingWhenWritten(request, null).accept(null);

        assertThat(ResteasyExchange.finishingWhenWritten(request, callback)).isSameAs(callback);
    }

    @Test
    void theCompletionCallbackOfARequestNotTheAgentsIsLeftAsItIs() throws Exception {
        Consumer<Throwable> callback = failure -> { };

        assertThat(ResteasyExchange.finishingWhenWritten(post("orders"), callback)).isSameAs(callback);
    }

    @Test
    void unobservedTheRequestOnlyGetsTheHeaders() throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(null, REQUEST_ID);
        MockHttpRequest request = post("orders");

        ResteasyExchange exchange = ResteasyExchange.begin(request, response, invoker());
        response.getOutputStream().write('x');
        exchange.end(new IllegalStateException("ignored"));

        assertThat(response.getOutputHeaders().get("Idempotency-Request-Id")).containsExactly("req-1");
        assertThat(execution.outcomes()).isEmpty();
    }

    private static MockHttpRequest post(String pathAndQuery) {
        return DispatchedRequests.dispatched("POST", pathAndQuery);
    }

    /** RESTEasy's matched resource method; the exchange only asks it for the method. */
    private static ResourceInvoker invoker() throws NoSuchMethodException {
        Method create = Orders.class.getMethod("create", String.class);
        return (ResourceInvoker) Proxy.newProxyInstance(ResteasyExchangeTest.class.getClassLoader(),
                new Class<?>[] {ResourceInvoker.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getMethod")) {
                        return create;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    public static final class Orders {
        public String create(String order) {
            return order;
        }
    }
}
