package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.logging.AttemptLogFile;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys scoped by the container's session cookie ({@code scope: cookie:JSESSIONID}) on the javax
 * demo in embedded Tomcat 9, whose {@code ?session=true} creates the HttpSession while the keyed
 * request executes, as a Spring MVC application does at its first POST. A client whose cookie is
 * stale gets a new {@code JSESSIONID} with the first answer; its retry is then another scope. The
 * operator hears of it once per endpoint, on stderr, in the attempt log and in {@code status};
 * and refusals for a missing scope are counted under their own name.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SessionScopeTest {

    private static final String KEY = "Idempotency-Key";
    private static final String ORDER = "{\"item\": \"session-book\", \"quantity\": 1}";

    private Path workDir;
    private Path config;
    private DemoApp app;
    private Http http;
    private AttemptLogFile log;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void start(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        config = Files.writeString(workDir.resolve("agent.yaml"), String.join("\n",
                "service-name: orders-sessions",
                "on-config-error: fail",
                "logging:",
                "  sink: file",
                "  file: " + workDir.resolve("attempt-log/attempts.jsonl"),
                "endpoints:",
                "  - name: create-order",
                "    method: POST",
                "    path: /orders",
                "    scope: cookie:JSESSIONID",
                "    fingerprint:",
                "      mode: json",
                ""));
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
        http = Http.to(app.baseUri());
        log = new AttemptLogFile(workDir.resolve("attempt-log/attempts.jsonl"));
    }

    @AfterAll
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aSessionTheKeyedRequestCreatesIsWarnedOfOnceOnStderrInTheAttemptLogAndInStatus() {
        int ordersBefore = orders();
        String key = UUID.randomUUID().toString();

        Http.Response first = http.postJson("/orders?session=true", ORDER, KEY, key, "Cookie", "JSESSIONID=stale-1");
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        String newSession = sessionId(first);
        assertThat(newSession).isNotEqualTo("stale-1");
        // The client's jar now holds the new session: its retry is another scope, and executes again.
        Http.Response retry = http.postJson("/orders?session=true", ORDER, KEY, key, "Cookie", "JSESSIONID=" + newSession);
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEmpty();
        assertThat(orders()).isEqualTo(ordersBefore + 2);
        Http.Response anotherClient = http.postJson("/orders?session=true", ORDER, KEY, UUID.randomUUID().toString(),
                "Cookie", "JSESSIONID=stale-2");
        assertThat(anotherClient.status()).isEqualTo(201);

        await().atMost(Duration.ofSeconds(10)).until(() -> !sessionWarnings(app.stderr()).isEmpty());
        List<String> onStderr = sessionWarnings(app.stderr());
        assertThat(onStderr).singleElement().asString()
                .contains("endpoint create-order", "the cookie JSESSIONID", "another scope and executes again",
                        "scope: principal", "make the session before the keyed request")
                .doesNotContain("stale-", newSession);
        JsonNode logged = log.awaitEvent(event -> "endpoint_warning".equals(event.path("event.action").asText())
                && event.path("message").asText().contains("JSESSIONID"));
        assertThat(logged.path("idempotency.endpoint").asText()).isEqualTo("create-order");
        assertThat(log.events()).filteredOn(event -> "endpoint_warning".equals(event.path("event.action").asText()))
                .hasSize(1);

        AgentCli.Result status = status();
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(sessionWarnings(List.of(status.stdout().split("\n")))).as(status.stdout()).hasSize(1);
    }

    @Test
    void aKeyWithoutItsScopeCookieIsCountedAsScopeMissingNotAsAnInvalidKey() {
        int ordersBefore = orders();
        int scopeMissingBefore = scopeMissing(status().stdout());
        String key = UUID.randomUUID().toString();

        Http.Response refused = http.postJson("/orders", ORDER, KEY, key);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().path("type").asText()).endsWith("/idempotency-scope-missing");
        JsonNode event = log.awaitEventsOfKey(key, 1).get(0);
        assertThat(event.path("event.action").asText()).isEqualTo("scope_missing");
        assertThat(orders()).isEqualTo(ordersBefore);
        AgentCli.Result status = status();
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(scopeMissing(status.stdout())).as(status.stdout()).isEqualTo(scopeMissingBefore + 1);
        assertThat(status.stdout()).doesNotContain("InvalidKey");
    }

    /** The endpoint's ScopeMissing count in {@code status}; 0 when there is none yet. */
    private static int scopeMissing(String status) {
        Matcher count = Pattern.compile("ScopeMissing (\\d+)").matcher(status);
        return count.find() ? Integer.parseInt(count.group(1)) : 0;
    }

    /**
     * {@code Cookie: JSESSIONID=ZZZ; JSESSIONID=<A>}: Tomcat serves the first that names a live
     * session, whichever the agent would pick; so a key already used in scope A is refused as an
     * ambiguous scope (400, nothing executed) instead of executing again in another scope.
     */
    @Test
    void twoDifferentCookiesOfTheScopesNameAreRefusedBeforeAnythingExecutes() {
        String key = UUID.randomUUID().toString();
        Http.Response first = http.postJson("/orders", ORDER, KEY, key, "Cookie", "JSESSIONID=scope-a");
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        int ordersBefore = orders();

        Http.Response ambiguous = http.postJson("/orders", ORDER, KEY, key, "Cookie", "JSESSIONID=ZZZ; JSESSIONID=scope-a");
        Http.Response twoHeaders = http.postJson("/orders", ORDER, KEY, key, "Cookie", "JSESSIONID=ZZZ", "Cookie",
                "JSESSIONID=scope-a");
        Http.Response sameTwice = http.postJson("/orders", ORDER, KEY, key, "Cookie", "JSESSIONID=scope-a; JSESSIONID=scope-a");

        for (Http.Response refused : List.of(ambiguous, twoHeaders)) {
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().path("type").asText()).endsWith("/idempotency-scope-missing");
            assertThat(refused.json().path("detail").asText()).contains("no single JSESSIONID cookie");
        }
        assertThat(sameTwice.header("Idempotent-Replayed")).as("one value twice is one scope").hasValue("true");
        assertThat(orders()).as("nothing executed again").isEqualTo(ordersBefore);
    }

    private AgentCli.Result status() {
        return new AgentCli(workDir, config).runWithoutConfig("status", Long.toString(app.pid()));
    }

    private int orders() {
        return http.get("/stats").json().get("orders").asInt();
    }

    private static List<String> sessionWarnings(List<String> lines) {
        return lines.stream().filter(line -> line.contains("create-order") && line.contains("the cookie JSESSIONID"))
                .toList();
    }

    private static String sessionId(Http.Response response) {
        for (String cookie : response.headers().allValues("Set-Cookie")) {
            if (cookie.startsWith("JSESSIONID=")) {
                return cookie.substring("JSESSIONID=".length()).split(";", 2)[0];
            }
        }
        throw new AssertionError("no JSESSIONID in " + response.headers().map());
    }
}
