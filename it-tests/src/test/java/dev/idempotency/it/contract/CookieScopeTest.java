package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scopes from cookies, on the javax demo in embedded Tomcat 9 with its own config: create-order is
 * scoped by the {@code demo-session} cookie ({@code scope: cookie:demo-session}); the other
 * endpoints are {@code scope: none}, and requests to them that carry credentials ({@code Authorization},
 * a session cookie) earn the operator one warning per endpoint: their keys are shared by every caller.
 *
 * <p>The demo sets a {@code demo-session} cookie on every create; the client here keeps no cookies,
 * so each request carries exactly the {@code Cookie} header the test gives it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CookieScopeTest {

    private static final String KEY = "Idempotency-Key";
    private static final String REPLAYED = "Idempotent-Replayed";
    private static final String PROBLEMS = "https://idempotency-agent.dev/problems/";
    private static final String ALICE = "demo-session=alice";
    private static final String BOB = "demo-session=bob";

    private Path workDir;
    private DemoApp app;
    private Http http;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void start(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        Path config = Files.writeString(workDir.resolve("agent.yaml"), String.join("\n",
                "service-name: orders-cookies",
                "on-config-error: fail",
                "logging:",
                "  sink: file",
                "  file: " + attemptLog(),
                "endpoints:",
                "  - name: create-order",
                "    method: POST",
                "    path: /orders",
                "    scope: cookie:demo-session",
                "    fingerprint:",
                "      mode: json",
                "  - name: create-order-form",
                "    method: POST",
                "    path: /orders/form",
                "    scope: none",
                "  - name: create-payment",
                "    method: POST",
                "    path: /orders/{id}/payments",
                "    scope: none",
                "    fingerprint:",
                "      mode: json",
                // Declared only as a control: scope none, never called with credentials (the demo answers 404).
                "  - name: create-note",
                "    method: POST",
                "    path: /orders/{id}/notes",
                "    scope: none",
                // Declared only to mark a point in the agent's output (see awaitOutputsUpToMark).
                "  - name: output-mark-warned",
                "    method: POST",
                "    path: /orders/{id}/output-mark-warned",
                "    scope: none",
                "  - name: output-mark-quiet",
                "    method: POST",
                "    path: /orders/{id}/output-mark-quiet",
                "    scope: none",
                ""));
        app = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start();
        http = Http.to(app.baseUri());
    }

    @AfterAll
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    // ---- scope: cookie:NAME ----

    @Test
    void sameKeyUnderTwoSessionCookiesIsTwoOrders() {
        Stats before = stats();
        String key = newKey();
        String body = order("two-sessions");

        Http.Response alice = createOrder(body, key, ALICE);
        Http.Response bob = createOrder(body, key, BOB);

        assertThat(alice.status()).as(alice.body()).isEqualTo(201);
        assertThat(bob.status()).as(bob.body()).isEqualTo(201);
        assertThat(bob.header(REPLAYED)).isEmpty();
        assertThat(bob.json().get("id").asLong()).isNotEqualTo(alice.json().get("id").asLong());
        assertThat(stats().minus(before)).isEqualTo(new Stats(2, 2, 0, 0));
    }

    @Test
    void sameKeyUnderTheSameSessionCookieIsOneOrderEvenAmongOtherCookies() {
        Stats before = stats();
        String key = newKey();
        String body = order("one-session");

        Http.Response first = createOrder(body, key, ALICE);
        Http.Response retry = createOrder(body, key, ALICE);
        Http.Response retryWithMoreCookies = createOrder(body, key, "theme=dark; " + ALICE + "; lang=en");

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertReplayOf(first, retry);
        assertReplayOf(first, retryWithMoreCookies);
        assertThat(stats().minus(before)).isEqualTo(Stats.oneOrder());
    }

    @Test
    void requestWithoutTheScopeCookieIsRefusedWith400ScopeMissing() {
        Stats before = stats();
        String body = order("no-session");

        Http.Response noCookie = http.postJson("/orders", body, KEY, newKey());
        Http.Response otherCookie = createOrder(body, newKey(), "theme=dark");

        assertProblem(noCookie, 400, "idempotency-scope-missing");
        assertProblem(otherCookie, 400, "idempotency-scope-missing");
        assertThat(stats()).isEqualTo(before);
    }

    // ---- scope: none while callers send credentials: one warning per endpoint ----

    @Test
    void unscopedEndpointsCalledWithCredentialsWarnOncePerEndpoint() {
        long orderId = createOrder(order("warned"), newKey(), ALICE).json().get("id").asLong();
        for (int i = 0; i < 3; i++) {
            assertThat(http.postForm("/orders/form", "item=warned-" + i + "&quantity=1",
                    KEY, newKey(), "Authorization", "Bearer token-" + i).status()).isEqualTo(201);
            assertThat(http.postForm("/orders/form", "item=warned-cookie-" + i + "&quantity=1",
                    KEY, newKey(), "Cookie", ALICE).status()).isEqualTo(201);
            assertThat(http.postJson("/orders/" + orderId + "/payments", "{\"amount\": 1}",
                    KEY, newKey(), "Cookie", BOB).status()).isEqualTo(201);
            assertThat(http.postJson("/orders/" + orderId + "/payments", "{\"amount\": 2}",
                    KEY, newKey(), "Authorization", "Basic YWxpY2U6c2VjcmV0").status()).isEqualTo(201);
        }

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(() -> {
            assertThat(scopeWarnings("create-order-form")).as(outputs()).isNotEmpty();
            assertThat(scopeWarnings("create-payment")).as(outputs()).isNotEmpty();
        });
        awaitOutputsUpToMark("output-mark-warned", orderId); // late duplicates would show up by now
        for (String endpoint : List.of("create-order-form", "create-payment")) {
            // The same warning may go to stderr and to the attempt log; each says it once.
            for (Map.Entry<String, List<String>> source : scopeWarningsBySource(endpoint).entrySet()) {
                assertThat(source.getValue()).as("warnings about %s in %s", endpoint, source.getKey()).hasSizeLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void unscopedEndpointCalledWithoutCredentialsDoesNotWarn() {
        long orderId = createOrder(order("noted"), newKey(), ALICE).json().get("id").asLong();
        for (int i = 0; i < 3; i++) {
            Http.Response note = http.postJson("/orders/" + orderId + "/notes", "{\"note\": " + i + "}", KEY, newKey());
            assertThat(note.status()).as(note.body()).isEqualTo(404);
            assertThat(note.header("X-Request-Id")).as("the agent handled the declared path").isPresent();
        }

        awaitOutputsUpToMark("output-mark-quiet", orderId);
        assertThat(scopeWarnings("create-note")).as(outputs()).isEmpty();
    }

    // ---- helpers ----

    private Http.Response createOrder(String json, String key, String cookie) {
        return http.postJson("/orders", json, KEY, key, "Cookie", cookie);
    }

    private Stats stats() {
        return Stats.of(http.get("/stats").json());
    }

    private Path attemptLog() {
        return workDir.resolve("attempt-log/attempts.jsonl");
    }

    /** {@link #scopeWarningsBySource} of all sources together. */
    private List<String> scopeWarnings(String endpoint) {
        List<String> all = new ArrayList<>();
        scopeWarningsBySource(endpoint).values().forEach(all::addAll);
        return all;
    }

    /**
     * Per source (stderr, stdout, the attempt log): the lines that name the endpoint and speak of
     * its scope (the wording is the agent's). Attempt events name every endpoint and carry an
     * {@code "idempotency.scope"} field; that field alone does not speak of the scope.
     */
    private Map<String, List<String>> scopeWarningsBySource(String endpoint) {
        Pattern name = Pattern.compile("(?<![\\w-])" + Pattern.quote(endpoint) + "(?![\\w-])");
        Map<String, List<String>> sources = new LinkedHashMap<>();
        sources.put("stderr", app.stderr());
        sources.put("stdout", app.stdout());
        sources.put("attempt log", attemptLogLines());
        Map<String, List<String>> warnings = new LinkedHashMap<>();
        sources.forEach((source, lines) -> warnings.put(source, lines.stream()
                .filter(line -> name.matcher(line).find())
                .filter(line -> line.replace("\"idempotency.scope\"", "").toLowerCase(Locale.ROOT).contains("scope"))
                .toList()));
        return warnings;
    }

    private List<String> attemptLogLines() {
        try {
            return Files.exists(attemptLog()) ? Files.readAllLines(attemptLog()) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String outputs() {
        return "stderr:\n" + String.join("\n", app.stderr()) + "\nstdout:\n" + String.join("\n", app.stdout());
    }

    private static String newKey() {
        return UUID.randomUUID().toString();
    }

    private static String order(String prefix) {
        return "{\"item\": \"" + prefix + "-" + UUID.randomUUID().toString().substring(0, 8) + "\", \"quantity\": 1}";
    }

    private static void assertReplayOf(Http.Response original, Http.Response replay) {
        assertThat(replay.status()).as(replay.body()).isEqualTo(original.status());
        assertThat(replay.body()).isEqualTo(original.body());
        assertThat(replay.header(REPLAYED)).hasValue("true");
    }

    private static void assertProblem(Http.Response response, int status, String type) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type"))
                .hasValueSatisfying(contentType -> assertThat(contentType).startsWith("application/problem+json"));
        JsonNode problem = response.json();
        assertThat(problem.path("type").asText()).isEqualTo(PROBLEMS + type);
    }

    /**
     * Returns once the agent's output holds all it wrote for the requests sent before: a request
     * with credentials to {@code mark} (an endpoint of scope none declared for this alone) earns
     * one warning, written after every earlier one to stderr and to the attempt log, each of
     * which keeps its order; once it shows in both, so has anything said before it.
     */
    private void awaitOutputsUpToMark(String mark, long orderId) {
        Http.Response marked = http.postJson("/orders/" + orderId + "/" + mark, "{}", KEY, newKey(),
                "Authorization", "Bearer mark");
        assertThat(marked.header("X-Request-Id")).as("the agent handled the mark's path").isPresent();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            Map<String, List<String>> warnings = scopeWarningsBySource(mark);
            assertThat(warnings.get("stderr")).as(outputs()).isNotEmpty();
            assertThat(warnings.get("attempt log")).as(outputs()).isNotEmpty();
        });
    }
}
