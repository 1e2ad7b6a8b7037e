package dev.idempotency.agent.jaxrs.jersey.javax;

import static dev.idempotency.agent.jaxrs.jersey.javax.JerseyRequests.request;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.RecordingReceipt;
import java.util.AbstractMap;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.glassfish.jersey.server.ContainerResponse;
import org.junit.jupiter.api.Test;

/** A replay or refusal is Jersey's response in place of the resource method's, for Jersey to write. */
class JerseyAnswerTest {

    @Test
    void aReplayCarriesTheStoredStatusHeadersAndBytes() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        headers.put("Set-Cookie", List.of("a=1", "b=2"));
        headers.put("Idempotency-Replayed", List.of("true"));

        ContainerResponse answer = JerseyExchange.agentResponse(request("POST", "orders"),
                Verdict.respond(201, headers, "{\"id\":1}".getBytes(UTF_8), null));

        assertThat(answer.getStatus()).isEqualTo(201);
        assertThat(answer.getStringHeaders().get("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(answer.getStringHeaders().get("Content-Type")).containsExactly("application/json");
        assertThat(answer.getStringHeaders().get("Idempotency-Replayed")).containsExactly("true");
        assertThat((byte[]) answer.getEntity()).asString(UTF_8).isEqualTo("{\"id\":1}");
    }

    @Test
    void theStatusCarriesItsStandardReasonPhrase() {
        ContainerResponse answer = JerseyExchange.agentResponse(request("POST", "orders"),
                Verdict.respond(422, Map.of(), new byte[] {'{', '}'}, null));

        assertThat(answer.getStatusInfo().getReasonPhrase()).isEqualTo("Unprocessable Content");
    }

    @Test
    void anEmptyStoredBodyIsNoEntity() {
        ContainerResponse answer = JerseyExchange.agentResponse(request("DELETE", "orders/1"),
                Verdict.respond(204, Map.of(), new byte[0], null));

        assertThat(answer.getStatus()).isEqualTo(204);
        assertThat(answer.hasEntity()).isFalse();
    }

    @Test
    void anAnswerThatCannotBeBuiltBecomesTheAgentsFailureAndTheGateHearsIt() {
        Map<String, List<String>> unreadable = new AbstractMap<>() {
            @Override
            public Set<Entry<String, List<String>>> entrySet() {
                throw new NoSuchMethodError("a host API the adapter expected");
            }
        };
        RecordingReceipt receipt = new RecordingReceipt();

        Object answer = JerseyExchange.deliver(request("POST", "orders"),
                Verdict.respond(201, unreadable, "{\"id\":1}".getBytes(UTF_8), receipt));

        assertThat(answer).isInstanceOf(ContainerResponse.class);
        ContainerResponse failure = (ContainerResponse) answer;
        assertThat(failure.getStatus()).isEqualTo(500);
        assertThat(failure.getStringHeaders().getFirst("Content-Type")).isEqualTo("application/problem+json");
        assertThat((byte[]) failure.getEntity()).asString(UTF_8).isEqualTo(RecordingReceipt.FAILURE_BODY);
        assertThat(receipt.told()).isEqualTo("not delivered 500: java.lang.NoSuchMethodError: a host API the adapter expected");
    }

    @Test
    void aDeliveredAnswerIsToldToTheGate() {
        RecordingReceipt receipt = new RecordingReceipt();
        JerseyExchange.deliver(request("POST", "orders"), Verdict.respond(422, Map.of(), new byte[0], receipt));
        assertThat(receipt.told()).isEqualTo("delivered");
    }
}
