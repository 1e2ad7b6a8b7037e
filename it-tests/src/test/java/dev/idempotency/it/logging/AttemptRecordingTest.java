package dev.idempotency.it.logging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attempt log and metrics of the real agent jar on the javax demo, one process for the class:
 * the seed scenarios as events, request ids, deadlines, redaction of everything secret, the
 * application's own logging left as it was configured, and the counters over local JMX.
 */
class AttemptRecordingTest {

    private static final String ORDER = "{\"item\":\"book\",\"quantity\":1}";

    @TempDir
    static Path workDir;
    private static DemoApp app;
    private static Http http;
    private static AttemptLogFile log;
    private static Path appLog;

    @BeforeAll
    static void startDemoWithFileSink() throws IOException {
        Path config = workDir.resolve("agent.yaml");
        Files.writeString(config, String.join("\n",
                "service-name: orders-it",
                "logging:",
                "  sink: file",
                "  file: " + workDir.resolve("attempt-log/attempts.jsonl"),
                "  header-allow-list: [User-Agent]",
                "  body:",
                "    enabled: true",
                "    redact-fields: [cardNumber, cvv]",
                "defaults:",
                "  deadline:",
                "    header: X-Request-Timeout-Ms",
                "    format: relative-ms",
                "endpoints:",
                "  - name: create-order",
                "    method: POST",
                "    path: /orders",
                "    fingerprint: {mode: json}",
                "  - name: create-payment",
                "    method: POST",
                "    path: /orders/{id}/payments",
                "    scope: header:X-Merchant-Id",
                ""));
        appLog = workDir.resolve("app.log");
        // The demo's own SLF4J (simple) is configured to write to its own file, as an operator would.
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(config)
                .jvmArg("-Dorg.slf4j.simpleLogger.logFile=" + appLog, "-Dorg.slf4j.simpleLogger.showDateTime=true")
                .start();
        http = Http.to(app.baseUri());
        log = new AttemptLogFile(workDir.resolve("attempt-log/attempts.jsonl"));
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    private static String key() {
        return "it-" + UUID.randomUUID();
    }

    private static int orders() {
        return http.get("/stats").json().get("orders").asInt();
    }

    @Test
    void theSeedScenariosLeaveOneEventPerAttemptWithKeyAttemptAndRequestId() {
        int ordersBefore = orders();
        String key = key();

        Http.Response first = http.postJson("/orders", ORDER, "Idempotency-Key", key, "X-Request-Id", "it-req-1");
        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("X-Request-Id")).contains("it-req-1");
        Http.Response same = http.postJson("/orders", ORDER, "Idempotency-Key", key, "X-Request-Id", "it-req-2");
        assertThat(same.status()).isEqualTo(201);
        assertThat(same.header("X-Request-Id")).contains("it-req-2");
        Http.Response other = http.postJson("/orders", "{\"item\":\"pen\",\"quantity\":9}",
                "Idempotency-Key", key, "X-Request-Id", "it-req-3");
        assertThat(other.status()).isEqualTo(422);
        assertThat(other.json().get("requestId").asText()).isEqualTo("it-req-3");

        List<JsonNode> events = log.awaitEventsOfKey(key, 3);
        assertThat(events).extracting(e -> e.get("event.action").asText())
                .containsExactly("executed", "replayed", "mismatch");
        assertThat(events).extracting(e -> e.get("idempotency.attempt").asInt()).containsExactly(1, 2, 3);
        assertThat(events).extracting(e -> e.get("http.request.id").asText())
                .containsExactly("it-req-1", "it-req-2", "it-req-3");
        assertThat(events).extracting(e -> e.get("http.response.status_code").asInt()).containsExactly(201, 201, 422);
        JsonNode executed = events.get(0);
        assertThat(executed.get("idempotency.endpoint").asText()).isEqualTo("create-order");
        assertThat(executed.get("http.route").asText()).isEqualTo("/orders");
        assertThat(executed.get("service.name").asText()).isEqualTo("orders-it");
        assertThat(executed.get("event.duration").asLong()).isPositive();
        assertThat(orders()).isEqualTo(ordersBefore + 1);
    }

    /**
     * Requests one after another are numbered exactly, while the replay counts this JVM holds are
     * written meanwhile: other clients replay their own key all along, as on a service with other
     * traffic, so a write of counts is often under way when a request of the sequence is read.
     */
    @Test
    void requestsOneAfterAnotherAreNumberedOneToSixExactly() throws InterruptedException {
        String otherClientsKey = key();
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", otherClientsKey).status()).isEqualTo(201);
        AtomicBoolean sequencesDone = new AtomicBoolean();
        List<Thread> otherClients = new ArrayList<>();
        for (int client = 0; client < 2; client++) {
            Thread otherClient = new Thread(() -> {
                while (!sequencesDone.get()) {
                    http.postJson("/orders", ORDER, "Idempotency-Key", otherClientsKey);
                }
            }, "other-client-" + client);
            otherClient.setDaemon(true);
            otherClient.start();
            otherClients.add(otherClient);
        }
        try {
            for (int round = 0; round < 30; round++) {
                String key = key();
                for (int request = 1; request <= 6; request++) {
                    assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", key, "X-Request-Id", "request-" + request)
                            .status()).isEqualTo(201);
                }
                // By request id: an event is queued once its answer is handed to the host, so the
                // next request's event may be written first.
                assertThat(log.awaitEventsOfKey(key, 6)).as("round %d", round)
                        .extracting(e -> e.get("http.request.id").asText() + " attempt " + e.get("idempotency.attempt").asInt())
                        .containsExactlyInAnyOrder("request-1 attempt 1", "request-2 attempt 2", "request-3 attempt 3",
                                "request-4 attempt 4", "request-5 attempt 5", "request-6 attempt 6");
            }
        } finally {
            sequencesDone.set(true);
            for (Thread client : otherClients) {
                client.join(10_000);
            }
        }
    }

    @Test
    void aTimeoutAfterTheWriteIsLoggedAsExecutedAndItsRetryAsReplayed() {
        int ordersBefore = orders();
        String key = key();
        assertThatThrownBy(() -> http.postJson("/orders?delayMs=1500", ORDER, Duration.ofMillis(300),
                "Idempotency-Key", key)).hasRootCauseInstanceOf(HttpTimeoutException.class);
        JsonNode executed = log.awaitEventsOfKey(key, 1).get(0);
        assertThat(executed.get("event.action").asText()).isEqualTo("executed");

        Http.Response retry = http.postJson("/orders?delayMs=1500", ORDER, "Idempotency-Key", key);
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).contains("true");
        JsonNode replayed = log.awaitEventsOfKey(key, 2).get(1);
        assertThat(replayed.get("event.action").asText()).isEqualTo("replayed");
        assertThat(replayed.get("idempotency.attempt").asInt()).isEqualTo(2);
        assertThat(orders()).isEqualTo(ordersBefore + 1);
    }

    @Test
    void anExpiredDeadlineIsAnsweredWithoutExecutingAndTheRemainingBudgetIsLogged() {
        int ordersBefore = orders();
        String late = key();
        Http.Response refused = http.postJson("/orders", ORDER, "Idempotency-Key", late, "X-Request-Timeout-Ms", "0");
        assertThat(refused.status()).isEqualTo(504);
        assertThat(refused.json().get("type").asText()).endsWith("/deadline-exceeded");
        JsonNode event = log.awaitEventsOfKey(late, 1).get(0);
        assertThat(event.get("event.action").asText()).isEqualTo("deadline_exceeded");
        assertThat(event.get("error.type").asText()).isEqualTo("deadline_exceeded");
        assertThat(event.get("deadline.remaining_ms").asLong()).isLessThanOrEqualTo(0);
        assertThat(orders()).isEqualTo(ordersBefore);

        String inTime = key();
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", inTime, "X-Request-Timeout-Ms", "4000").status())
                .isEqualTo(201);
        assertThat(log.awaitEventsOfKey(inTime, 1).get(0).get("deadline.remaining_ms").asLong()).isEqualTo(4000);
    }

    @Test
    void aClientRequestIdIsEchoedAndLoggedAndAMissingOneIsMadeUp() {
        Http.Response missingKey = http.postJson("/orders", ORDER, "X-Request-Id", "it-no-key");
        assertThat(missingKey.status()).isEqualTo(400);
        assertThat(missingKey.header("X-Request-Id")).contains("it-no-key");
        assertThat(missingKey.json().get("requestId").asText()).isEqualTo("it-no-key");
        JsonNode event = log.awaitEvent(e -> "it-no-key".equals(e.path("http.request.id").asText()));
        assertThat(event.get("event.action").asText()).isEqualTo("missing_key");

        String key = key();
        Http.Response generated = http.postJson("/orders", ORDER, "Idempotency-Key", key);
        String id = generated.header("X-Request-Id").orElseThrow();
        assertThat(id).isNotBlank();
        assertThat(log.awaitEventsOfKey(key, 1).get(0).get("http.request.id").asText()).isEqualTo(id);
    }

    @Test
    void credentialsCookiesCardNumbersAndQueryStringsNeverReachAnyOutput() throws IOException {
        String key = key();
        Http.Response response = http.postJson("/orders?token=query-secret-123",
                "{\"item\":\"book\",\"quantity\":1,\"payment\":{\"cardNumber\":\"4111111111111111\",\"cvv\":\"cvv-secret-987\"}}",
                "Idempotency-Key", key, "Authorization", "Bearer secret-token", "Cookie", "session=cookie-secret-456");
        assertThat(response.status()).isEqualTo(201);
        JsonNode event = log.awaitEventsOfKey(key, 1).get(0);
        assertThat(event.get("http.request.body.content").asText())
                .isEqualTo("{\"item\":\"book\",\"quantity\":1,\"payment\":{\"cardNumber\":\"***\",\"cvv\":\"***\"}}");
        assertThat(event.get("url.path").asText()).isEqualTo("/orders");
        assertThat(event.get("http.request.header.user-agent").asText()).as("allow-listed").isNotBlank();

        List<String> secrets = List.of("secret-token", "cookie-secret-456", "4111111111111111", "cvv-secret-987",
                "query-secret-123", "token=");
        String everything = log.text() + String.join("\n", app.stdout()) + String.join("\n", app.stderr())
                + Files.readString(appLog);
        for (String secret : secrets) {
            assertThat(log.text()).doesNotContain(secret);
            assertThat(everything).as("stdout, stderr and the application's log").doesNotContain(secret);
        }
    }

    @Test
    void eventsCarryTheCallersTraceAndIgnoreAMalformedTraceparent() {
        String traced = key();
        String malformed = key();
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        String forged = "00-ZZZ\",\"idempotency.decision\":\"forged-01";

        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", traced, "traceparent", traceparent).status())
                .isEqualTo(201);
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", traced, "traceparent", traceparent).status())
                .isEqualTo(201);
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", malformed, "traceparent", forged).status())
                .isEqualTo(201);

        assertThat(log.awaitEventsOfKey(traced, 2)).allSatisfy(event -> {
            assertThat(event.get("trace.id").asText()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
            assertThat(event.get("span.id").asText()).isEqualTo("00f067aa0ba902b7");
        });
        JsonNode ignored = log.awaitEventsOfKey(malformed, 1).get(0);
        assertThat(ignored.has("trace.id")).isFalse();
        assertThat(ignored.has("span.id")).isFalse();
        assertThat(ignored.toString()).doesNotContain("ZZZ").doesNotContain("forged");
    }

    @Test
    void theApplicationKeepsItsOwnLoggingAndTheEventsGoOnlyToTheConfiguredSink() throws IOException {
        String key = key();
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", key).status()).isEqualTo(201);
        log.awaitEventsOfKey(key, 1);

        String applicationLog = Files.readString(appLog);
        assertThat(applicationLog).as("the demo logs through its own SLF4J, configured by its own properties")
                .contains("INFO dev.idempotency.demo.orders.OrderRepository - order ").contains(" created: 1 x book");
        assertThat(applicationLog).doesNotContain("idempotency.decision", "event.action");
        assertThat(app.stdout()).noneMatch(line -> line.contains("idempotency.decision"));
        assertThat(app.stderr()).noneMatch(line -> line.contains("idempotency.decision"));
        assertThat(app.stderr()).anyMatch(line -> line.startsWith("idempotency-agent ") && line.contains("endpoints declared in"));
    }

    @Test
    void theCountersAreReadableOverJmxThroughTheLocalConnector() throws Exception {
        String key = key();
        assertThat(http.postJson("/orders", ORDER, "Idempotency-Key", key).status()).isEqualTo(201);
        log.awaitEventsOfKey(key, 1);

        VirtualMachine vm = VirtualMachine.attach(Long.toString(app.pid()));
        String address;
        try {
            address = vm.startLocalManagementAgent(); // the local connector: no port, no remote JMX
        } finally {
            vm.detach();
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            MBeanServerConnection jmx = connector.getMBeanServerConnection();
            ObjectName total = new ObjectName("dev.idempotency.agent:type=Attempts");
            ObjectName endpoint = new ObjectName("dev.idempotency.agent:type=Attempts,endpoint=create-order");
            await().atMost(Duration.ofSeconds(10)).until(() -> jmx.isRegistered(total) && jmx.isRegistered(endpoint));
            assertThat((Long) jmx.getAttribute(total, "Executed")).isPositive();
            assertThat((Long) jmx.getAttribute(endpoint, "Executed")).isPositive();
            assertThat((Long) jmx.getAttribute(total, "Attempts")).isGreaterThanOrEqualTo(
                    (Long) jmx.getAttribute(endpoint, "Attempts"));
            assertThat(jmx.getAttribute(total, "ExecutionsInProgress")).isEqualTo(0);
            assertThat(jmx.getAttribute(total, "DroppedLogEvents")).isEqualTo(0L);
            assertThat((Long) jmx.getAttribute(total, "StoreErrors")).isZero();
            assertThat((Double) jmx.getAttribute(total, "LatencyMaxMillis")).isPositive();
        }
    }
}
