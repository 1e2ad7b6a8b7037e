package dev.idempotency.agent.attemptlog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.core.attempt.TraceParent;
import dev.idempotency.agent.core.downstream.DownstreamCall;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AttemptEventJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static AttemptLogSettings.Builder settings() {
        return AttemptLogSettings.builder().serviceName("orders").agentVersion("1.2.3");
    }

    private static JsonNode line(AttemptLogSettings settings, AttemptEvent event) {
        return parsed(new AttemptEventJson(settings).format(event));
    }

    private static JsonNode line(AttemptLogSettings settings, MarkedUnknown record) {
        return parsed(new AttemptEventJson(settings).formatMarkedUnknown(record));
    }

    private static JsonNode parsed(String line) {
        assertThat(line).doesNotContain("\n", "\r");
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new AssertionError("not one JSON object: " + line, e);
        }
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void writesEveryFieldOfTheSchemaUnderItsEcsName() {
        AttemptEvent event = Events.executed().remainingDeadlineMillis(1500L).errorType(ErrorType.HANDLER_EXCEPTION)
                .fingerprintFellBackToRaw(true)
                .trace(TraceParent.parse(List.of("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"))).build();
        JsonNode line = line(settings().build(), event);

        assertThat(names(line)).containsExactly("@timestamp", "ecs.version", "event.dataset", "event.action",
                "event.reason", "event.duration", "idempotency.decision", "idempotency.key", "idempotency.scope",
                "idempotency.attempt", "idempotency.endpoint", "idempotency.fingerprint_fallback", "trace.id", "span.id",
                "http.request.id",
                "http.request.method", "http.route", "url.path", "http.response.status_code", "deadline.remaining_ms",
                "error.type", "service.name", "agent.version");
        assertThat(line.get("@timestamp").asText()).isEqualTo("2026-03-01T12:00:00.125Z");
        assertThat(line.get("ecs.version").asText()).isEqualTo(AttemptEventJson.ECS_VERSION);
        assertThat(line.get("event.dataset").asText()).isEqualTo("idempotency.attempt");
        assertThat(line.get("event.action").asText()).isEqualTo("executed");
        assertThat(line.get("idempotency.decision").asText()).isEqualTo("executed");
        assertThat(line.get("event.reason").asText()).isEqualTo("executed; outcome stored");
        assertThat(line.get("event.duration").asLong()).isEqualTo(1_234_567);
        assertThat(line.get("idempotency.key").asText()).isEqualTo("key-1");
        assertThat(line.get("idempotency.scope").asText()).isEqualTo("merchant-7");
        assertThat(line.get("idempotency.attempt").asInt()).isEqualTo(1);
        assertThat(line.get("idempotency.endpoint").asText()).isEqualTo("create-payment");
        assertThat(line.get("idempotency.fingerprint_fallback").asBoolean()).isTrue();
        assertThat(line.get("trace.id").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(line.get("span.id").asText()).as("the caller's span").isEqualTo("00f067aa0ba902b7");
        assertThat(line.get("http.request.id").asText()).isEqualTo("req-1");
        assertThat(line.get("http.request.method").asText()).isEqualTo("POST");
        assertThat(line.get("http.route").asText()).isEqualTo("/orders/{id}/payments");
        assertThat(line.get("url.path").asText()).as("masked by default").isEqualTo("/orders/{id}/payments");
        assertThat(line.get("http.response.status_code").asInt()).isEqualTo(201);
        assertThat(line.get("deadline.remaining_ms").asLong()).isEqualTo(1500);
        assertThat(line.get("error.type").asText()).isEqualTo("handler_exception");
        assertThat(line.get("service.name").asText()).isEqualTo("orders");
        assertThat(line.get("agent.version").asText()).isEqualTo("1.2.3");
    }

    @Test
    void aRecordMarkedUnknownIsAnnouncedWithTheCommandsThatResolveIt() {
        MarkedUnknown record = new MarkedUnknown(Events.AT, "key 1", "merchant-7", "create-payment", "host/42/ab12cd34",
                7, "req-9", null);

        JsonNode line = line(settings().configFile("/etc/orders/agent.yaml").build(), record);
        assertThat(line.get("event.action").asText()).isEqualTo("outcome_unknown_recorded");
        assertThat(line.get("idempotency.key").asText()).isEqualTo("key 1");
        assertThat(line.get("idempotency.owner").asText()).isEqualTo("host/42/ab12cd34");
        assertThat(line.get("idempotency.resolve_command").asText())
                .contains("inspect 'key 1' --scope merchant-7 --config /etc/orders/agent.yaml")
                .contains("resolve 'key 1' --scope merchant-7 --complete --status <status>")
                .contains("resolve 'key 1' --scope merchant-7 --release");

        JsonNode hashed = line(settings().hashSecret("s3cret").build(), record);
        assertThat(hashed.get("idempotency.key").asText()).startsWith("hmac:");
        assertThat(hashed.toString()).doesNotContain("key 1").doesNotContain("merchant-7");
        assertThat(hashed.get("idempotency.resolve_command").asText()).contains("resolve <key> --scope <scope>");
    }

    @Test
    void aPropagatedCallNamesItsTargetMethodOrdinalAndTheDerivedKeyInTheFormOfKeys() {
        AttemptEvent propagated = Events.executed().decision(Decision.PROPAGATED)
                .downstream(new DownstreamCall("PUT", "payments.internal:8443", 2, "derived-key")).build();
        JsonNode line = line(settings().build(), propagated);
        assertThat(line.get("event.action").asText()).isEqualTo("propagated");
        assertThat(line.get("idempotency.downstream.key").asText()).isEqualTo("derived-key");
        assertThat(line.get("idempotency.downstream.method").asText()).isEqualTo("PUT");
        assertThat(line.get("idempotency.downstream.ordinal").asInt()).isEqualTo(2);
        assertThat(line.get("destination.domain").asText()).isEqualTo("payments.internal");
        assertThat(line.get("destination.port").asInt()).isEqualTo(8443);
        JsonNode hashed = line(settings().hashSecret("s3cret").build(), propagated);
        assertThat(hashed.get("idempotency.downstream.key").asText()).startsWith("hmac:");
        assertThat(line(settings().build(), Events.executed().build()).has("idempotency.downstream.key")).isFalse();
    }

    @Test
    void leavesOutWhatTheAttemptDidNotReach() {
        AttemptEvent missingKey = AttemptEvent.builder().timestamp(Events.AT).decision(Decision.MISSING_KEY)
                .reason("no key").requestId("req-2").endpoint("create-order").method("POST").route("/orders")
                .path("/orders").status(400).durationNanos(10).build();
        JsonNode line = line(settings().build(), missingKey);
        assertThat(names(line)).doesNotContain("idempotency.key", "idempotency.scope", "idempotency.attempt",
                "deadline.remaining_ms", "error.type", "idempotency.fingerprint_fallback", "http.request.body.content",
                "trace.id", "span.id");
        assertThat(line.get("event.action").asText()).isEqualTo("missing_key");
    }

    @Test
    void writesTheRawPathOnlyWhenMaskingIsOff() {
        assertThat(line(settings().maskPath(false).build(), Events.executed().build()).get("url.path").asText())
                .isEqualTo("/orders/42/payments");
        AttemptEvent byResourceMethod = Events.executed().route("com.acme.OrderResource#pay").build();
        assertThat(line(settings().build(), byResourceMethod).has("url.path"))
                .as("a resource method is no path template: nothing is safe to write").isFalse();
    }

    @Test
    void hashesKeysAndScopesWithTheSecretSoTheyStillCorrelate() {
        AttemptLogSettings hashed = settings().hashSecret("s3cret").build();
        JsonNode first = line(hashed, Events.executed().build());
        JsonNode again = line(hashed, Events.executed().attempt(2).decision(Decision.REPLAYED).build());
        JsonNode otherSecret = line(settings().hashSecret("other").build(), Events.executed().build());

        String key = first.get("idempotency.key").asText();
        assertThat(key).matches("hmac:[0-9a-f]{64}").isEqualTo(again.get("idempotency.key").asText())
                .isNotEqualTo(otherSecret.get("idempotency.key").asText());
        assertThat(first.get("idempotency.scope").asText()).matches("hmac:[0-9a-f]{64}").isNotEqualTo(key);
        assertThat(first.toString()).doesNotContain("key-1", "merchant-7");
        // printf key-1 | openssl dgst -sha256 -hmac s3cret
        assertThat(key).isEqualTo("hmac:2473ad03580c4627d33b06008f6e95fafe428cce76d19fab5458c6110280e769");
        assertThat(line(hashed, Events.executed().scope("").build()).get("idempotency.scope").asText())
                .as("the service-wide scope reveals nothing").isEmpty();
        assertThat(line(settings().hashSecret("").build(), Events.executed().build()).get("idempotency.key").asText())
                .as("an empty secret (an unset ${env:...:-}) means as sent").isEqualTo("key-1");
    }

    @Test
    void writesOnlyAllowListedHeaders() {
        AttemptEvent event = Events.executed()
                .requestHeaders(Map.of("User-Agent", List.of("curl/8"), "X-Forwarded-For", List.of("10.0.0.1", "10.0.0.2")))
                .build();
        JsonNode line = line(settings().headerAllowList(List.of("User-Agent")).build(), event);
        assertThat(line.get("http.request.header.user-agent").asText()).isEqualTo("curl/8");
        assertThat(line.toString()).doesNotContain("10.0.0.1");
        JsonNode both = line(settings().headerAllowList(List.of("User-Agent", "X-Forwarded-For")).build(), event);
        assertThat(both.get("http.request.header.x-forwarded-for").asText()).isEqualTo("10.0.0.1, 10.0.0.2");
    }

    @Test
    void neverWritesTheBodyUnlessTheBodyPolicyIsOn() {
        AttemptEvent event = withBody("{\"item\":\"book\"}", "application/json");
        assertThat(line(settings().build(), event).toString()).doesNotContain("book", "http.request.body");
        JsonNode on = line(bodyOn(List.of(), 1024), event);
        assertThat(on.get("http.request.body.content").asText()).isEqualTo("{\"item\":\"book\"}");
        assertThat(on.get("http.request.body.bytes").asInt()).isEqualTo(15);
        assertThat(on.has("http.request.body.truncated")).isFalse();
    }

    @Test
    void redactsJsonFieldsAtAnyDepthAndInArraysIgnoringCase() {
        String body = "{\"cardNumber\":\"4111111111111111\",\"customer\":{\"password\":\"hunter2\",\"name\":\"Ann\"},"
                + "\"cards\":[{\"CVV\":123},{\"cvv\":{\"nested\":\"456\"}}]}";
        JsonNode line = line(bodyOn(List.of("cardNumber", "password", "cvv"), 4096), withBody(body, "application/json; charset=utf-8"));
        String content = line.get("http.request.body.content").asText();
        assertThat(content).doesNotContain("4111", "hunter2", "123", "456")
                .isEqualTo("{\"cardNumber\":\"***\",\"customer\":{\"password\":\"***\",\"name\":\"Ann\"},"
                        + "\"cards\":[{\"CVV\":\"***\"},{\"cvv\":\"***\"}]}");
    }

    @Test
    void redactsFormFieldsByTheirDecodedName() {
        String form = "item=book&card%4Eumber=4111+1111&cvv=123&flag";
        JsonNode line = line(bodyOn(List.of("cardNumber", "cvv"), 4096),
                withBody(form, "application/x-www-form-urlencoded"));
        assertThat(line.get("http.request.body.content").asText()).isEqualTo("item=book&card%4Eumber=***&cvv=***&flag");
    }

    @Test
    void leavesOutBodiesThatCannotBeRedactedFieldByField() {
        AttemptLogSettings on = bodyOn(List.of("cardNumber"), 4096);
        JsonNode broken = line(on, withBody("{\"cardNumber\":\"4111\"", "application/json"));
        JsonNode text = line(on, withBody("cardNumber=4111", "text/plain"));
        JsonNode untyped = line(on, withBody("{\"cardNumber\":\"4111\"}", null));
        for (JsonNode line : List.of(broken, text, untyped)) {
            assertThat(line.has("http.request.body.content")).isFalse();
            assertThat(line.has("http.request.body.bytes")).isTrue();
            assertThat(line.toString()).doesNotContain("4111");
        }
    }

    @Test
    void cutsTheRedactedBodyToTheCapWithoutSplittingACharacter() {
        JsonNode line = line(bodyOn(List.of("secret"), 12), withBody("{\"secret\":\"xxxxxxxxxxxx\",\"n\":\"ééé\"}",
                "application/json"));
        assertThat(line.get("http.request.body.content").asText()).isEqualTo("{\"secret\":\"*");
        assertThat(line.get("http.request.body.truncated").asBoolean()).isTrue();
        JsonNode multiByte = line(bodyOn(List.of(), 9), withBody("{\"n\":\"ééé\"}", "application/json"));
        assertThat(multiByte.get("http.request.body.content").asText()).isEqualTo("{\"n\":\"é");
    }

    @Test
    void escapesValuesSoNoneCanBreakTheLineOrForgeAField() {
        AttemptEvent event = Events.executed().requestId("a\"b\\c\nd\u2028e\u0001\ud800").reason("x\",\"error.type\":\"y").build();
        JsonNode line = line(settings().build(), event);
        assertThat(line.get("http.request.id").asText()).isEqualTo("a\"b\\c\nd\u2028e\u0001\ufffd");
        assertThat(line.has("error.type")).isFalse();
    }

    @Test
    void asksTheGateOnlyForWhatItWillWrite() {
        AttemptEventJson none = new AttemptEventJson(settings().build());
        assertThat(none.requestDetails().headerNames()).isEmpty();
        assertThat(none.requestDetails().body()).isFalse();
        AttemptEventJson some = new AttemptEventJson(
                settings().headerAllowList(List.of("User-Agent")).body(true, List.of(), 10).build());
        assertThat(some.requestDetails().headerNames()).containsExactly("User-Agent");
        assertThat(some.requestDetails().body()).isTrue();
    }

    private static AttemptLogSettings bodyOn(List<String> redact, int maxBytes) {
        return settings().body(true, redact, maxBytes).build();
    }

    private static AttemptEvent withBody(String body, String contentType) {
        return Events.executed().requestBody(body.getBytes(StandardCharsets.UTF_8), contentType).build();
    }
}
