package dev.idempotency.agent.servlet.javax;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.NotStartedExecution;
import dev.idempotency.agent.bootstrap.testing.RecordingReceipt;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An answer of the agent's own (a replay, a refusal) reaches the client through Tomcat's response in
 * the application's place; one the adapter cannot write becomes the agent's 500, and the
 * application does not run either way. The gate hears which the client received. A claimed request
 * the adapter fails to prepare is the execution's to end, and the agent answers in its place.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class AgentAnswerOnTomcatTest {

    @RegisterExtension
    static final AdvisedTomcat tomcat = new AdvisedTomcat();

    private final AtomicInteger applicationRuns = new AtomicInteger();

    @Test
    void theAnswerReachesTheClientAndTheApplicationDoesNotRun() throws Exception {
        RecordingReceipt receipt = new RecordingReceipt();
        tomcat.gate.verdict = Verdict.respond(201, Map.of("Content-Type", List.of("application/json")),
                "{\"id\":1}".getBytes(UTF_8), receipt);

        HttpResponse<byte[]> received = post();

        assertThat(received.statusCode()).isEqualTo(201);
        assertThat(received.body()).asString(UTF_8).isEqualTo("{\"id\":1}");
        assertThat(receipt.told()).isEqualTo("delivered");
        assertThat(applicationRuns).hasValue(0);
    }

    @Test
    void anAnswerThatCannotBeWrittenIsTheAgentsFailureAndTheApplicationDoesNotRun() throws Exception {
        Map<String, List<String>> unreadable = new AbstractMap<>() {
            @Override
            public Set<Entry<String, List<String>>> entrySet() {
                throw new NoSuchMethodError("a host API the adapter expected");
            }
        };
        RecordingReceipt receipt = new RecordingReceipt();
        tomcat.gate.verdict = Verdict.respond(201, unreadable, "{\"id\":1}".getBytes(UTF_8), receipt);

        HttpResponse<byte[]> received = post();

        assertThat(received.statusCode()).isEqualTo(500);
        assertThat(received.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(received.body()).asString(UTF_8).isEqualTo(RecordingReceipt.FAILURE_BODY);
        assertThat(receipt.told()).isEqualTo("not delivered 500: java.lang.NoSuchMethodError: a host API the adapter expected");
        assertThat(applicationRuns).hasValue(0);
    }

    @Test
    void aClaimedRequestWhoseAdapterFailsBeforeTheApplicationIsAnsweredByTheAgentsNotRunUnprotected()
            throws Exception {
        Map<String, List<String>> unreadable = new AbstractMap<>() {
            @Override
            public Set<Entry<String, List<String>>> entrySet() {
                throw new NoSuchMethodError("a host API the adapter expected");
            }
        };
        RecordingReceipt receipt = new RecordingReceipt();
        NotStartedExecution claimed = new NotStartedExecution(Verdict.respond(500,
                Map.of("Content-Type", List.of("application/problem+json")),
                "{\"type\":\"idempotency-agent-failure\"}".getBytes(UTF_8), receipt));
        tomcat.gate.verdict = Verdict.proceed(claimed, unreadable);

        HttpResponse<byte[]> received = post();

        assertThat(applicationRuns).as("the application's executions").hasValue(0);
        assertThat(claimed.told()).containsExactly("servlet-javax adapter: java.lang.NoSuchMethodError: a host API the adapter expected");
        assertThat(received.statusCode()).isEqualTo(500);
        assertThat(received.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(received.body()).asString(UTF_8).isEqualTo("{\"type\":\"idempotency-agent-failure\"}");
        assertThat(receipt.told()).isEqualTo("delivered");
    }

    /** A POST the application would count; returns once the advised {@code service} call has returned. */
    private HttpResponse<byte[]> post() throws Exception {
        tomcat.serve((request, response) -> applicationRuns.incrementAndGet());
        HttpResponse<byte[]> received = tomcat.send(tomcat.request("/orders").POST(BodyPublishers.ofString("{}")));
        tomcat.serviceReturned().get(20, TimeUnit.SECONDS);
        return received;
    }
}
