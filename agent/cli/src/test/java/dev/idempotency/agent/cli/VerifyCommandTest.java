package dev.idempotency.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code verify} run in process against a service without the agent: a plain HTTP server whose
 * {@code POST /orders} creates an order every time, whatever the key, and whose
 * {@code GET /stats} counts them. verify must say that nothing protects it and show the second
 * effects in the service's own count; and it must refuse what it cannot run as asked without
 * sending anything. The forked suites run it against the demos with the agent
 * ({@code ContractSuite}, {@code VerifyDocExamplesTest}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class VerifyCommandTest {

    @TempDir
    Path dir;
    private HttpServer unprotected;
    private final AtomicInteger orders = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final Set<String> members = ConcurrentHashMap.newKeySet();
    private final AtomicInteger memberRequests = new AtomicInteger();
    private Path config;

    @BeforeEach
    void start() throws IOException {
        unprotected = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        unprotected.createContext("/orders", exchange -> {
            requests.incrementAndGet();
            try (InputStream body = exchange.getRequestBody()) {
                body.readAllBytes();
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                exchange.close();
                return;
            }
            answer(exchange, 201, "{\"id\":" + orders.incrementAndGet() + ",\"state\":\"created\"}");
        });
        // Registers an e-mail address once; the same address again is the application's own 409.
        unprotected.createContext("/members", exchange -> {
            memberRequests.incrementAndGet();
            String email;
            try (InputStream body = exchange.getRequestBody()) {
                email = new String(body.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (members.add(email)) {
                answer(exchange, 201, "{\"member\":" + members.size() + "}");
            } else {
                answer(exchange, 409, "{\"email\":\"taken\"}");
            }
        });
        unprotected.createContext("/stats", exchange -> {
            requests.incrementAndGet();
            answer(exchange, 200, "{\"orders\":" + orders.get() + "}");
        });
        unprotected.start();
        config = Files.writeString(dir.resolve("agent.yaml"),
                "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n"
                        + "  - name: register-member\n    method: POST\n    path: /members\n");
    }

    @AfterEach
    void stop() {
        unprotected.stop(0);
    }

    @Test
    void aServiceWithoutTheAgentFailsAndItsOwnCountShowsTheSecondEffects() {
        CliRun result = CliRun.of("verify", "--config", config.toString(), "--url", url(),
                "--sample", "create-order={\"item\": \"book\"}", "--count", "create-order=/stats,/orders");

        assertThat(result.exit).as(result.out + result.err).isEqualTo(1);
        assertThat(result.out).containsPattern("create-order +the agent answers +failed")
                .contains("the endpoint is not protected")
                .containsPattern("create-order +same key and body replays +failed")
                .containsPattern("create-order +concurrent requests with one key +failed");
        assertThat(orders.get()).as("the service executed every request, retries included").isGreaterThan(5);
        assertThat(result.err).doesNotContain("\tat ");
    }

    /**
     * The application's own 409 (an address already taken) has the status an agent answers while a
     * key's first request runs. It is the application's answer: the timeout check reports it as a
     * refusal at once instead of retrying it as a wait until its 30 s run out.
     */
    @Test
    void theApplicationsOwn409IsItsRefusalNotARequestInProgress() {
        CliRun result = CliRun.of("verify", "--config", config.toString(), "--url", url(),
                "--sample", "register-member={\"email\": \"fixed@example.com\"}");

        assertThat(result.out).as(result.out + result.err)
                .containsPattern("register-member +retry after a client timeout +refused")
                .contains("the application refused the sample: 409 {\"email\":\"taken\"}");
        assertThat(memberRequests.get()).as("requests to /members, each check's few included").isLessThan(30);
    }

    @Test
    void aDryRunSendsNothing() {
        CliRun result = CliRun.of("verify", "--config", config.toString(), "--url", url(),
                "--sample", "create-order={\"item\": \"book\"}", "--dry-run");

        assertThat(result.exit).as(result.out + result.err).isZero();
        assertThat(result.out).contains("POST " + url() + "/orders");
        assertThat(requests.get()).isZero();
    }

    @Test
    void aUrlWhereNothingAnswersIsAUsageErrorInOneLine() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }

        CliRun result = CliRun.of("verify", "--config", config.toString(), "--url", "http://127.0.0.1:" + closed,
                "--sample", "create-order={\"item\": \"book\"}");

        assertThat(result.exit).as(result.out + result.err).isEqualTo(2);
        assertThat(result.out + result.err).contains("127.0.0.1:" + closed).doesNotContain("\tat ");
    }

    @Test
    void anotherMachineIsRefusedWithoutYesAndNothingIsSent() {
        CliRun result = CliRun.of("verify", "--config", config.toString(), "--url", "http://verify.invalid:8080",
                "--sample", "create-order={\"item\": \"book\"}");

        assertThat(result.exit).as(result.out + result.err).isEqualTo(2);
        assertThat(result.err).contains("--yes");
    }

    @Test
    void withoutAUrlVerifySaysWhatIsMissing() {
        CliRun result = CliRun.of("verify", "--config", config.toString());

        assertThat(result.exit).isEqualTo(2);
        assertThat(result.err).contains("--url");
        assertThat(requests.get()).isZero();
    }

    private String url() {
        return "http://127.0.0.1:" + unprotected.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
