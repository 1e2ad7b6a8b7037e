package dev.idempotency.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.contract.ContractSuite;
import dev.idempotency.it.contract.VerifyArguments;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
 * What every deployment of the legacy demo does WITHOUT the agent, retries included: the baseline
 * the agent's tests compare against. One demo process per class (JVM start-up is slow here);
 * every assertion on side effects is a difference of {@code /stats} taken around the action.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
abstract class LegacyDemoBaselineTest {

    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 2}";

    private Path workDir;

    private ForkedService demo;

    /** Starts the deployment under test in {@code workDir}, without the agent. */
    protected abstract ForkedService start(Path workDir);

    /** The temp dir lives as long as the class, so it outlives the demo process stopped below. */
    @BeforeAll
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void startDemo(@TempDir Path workDir) {
        this.workDir = workDir;
        demo = start(workDir);
    }

    @Test
    void theIncludedVerifyCommandSaysTheEndpointsAreNotProtected() throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), ContractSuite.contractAgentConfig());
        long orderId = http().postJson("/orders", ORDER).json().get("id").asLong();
        List<String> args = VerifyArguments.forContractConfig(demo.baseUri().toString(), "/stats", orderId, true,
                workDir.resolve("verify-junit.xml"));

        AgentCli.Result verified = new AgentCli(workDir, config).run(args.toArray(String[]::new));

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(1);
        assertThat(verified.stdout()).contains("create-order", "the agent answers", "failed",
                "the endpoint is not protected");
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void verifyReportsASampleTheServiceRejectsAsItsRefusalWithExitTwo() throws IOException {
        Path config = Files.writeString(workDir.resolve("agent-4xx.yaml"), ContractSuite.contractAgentConfig());

        AgentCli.Result verified = new AgentCli(workDir, config).run("verify", "--url", demo.baseUri().toString(),
                "--sample", "create-order={\"item\": \"\"}");

        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stdout()).contains("create-order", "first request executes",
                "the application refused the sample: 400");
    }

    @Test
    void createsAnOrderWithLocationCookieAndOneEmail() {
        Stats before = stats();

        Http.Response created = http().postJson("/orders", ORDER);

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(created.header("Set-Cookie")).hasValueSatisfying(cookie -> assertThat(cookie).startsWith("demo-session="));
        long id = created.json().get("id").asLong();
        assertThat(created.json().get("state").asText()).isEqualTo("created");
        assertThat(created.header("Location")).hasValue(contextPath() + "/orders/" + id);
        assertThat(stats().minus(before)).isEqualTo(new Stats(1, 1, 0, 0));

        JsonNode order = http().get("/orders/" + id).json();
        assertThat(order.get("item").asText()).isEqualTo("book");
        assertThat(order.get("quantity").asInt()).isEqualTo(2);
    }

    @Test
    void aRetryWithTheSameIdempotencyKeyCreatesASecondOrder() {
        Stats before = stats();
        String key = UUID.randomUUID().toString();

        Http.Response first = http().postJson("/orders", ORDER, "Idempotency-Key", key);
        Http.Response retry = http().postJson("/orders", ORDER, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.json().get("id").asLong()).isNotEqualTo(first.json().get("id").asLong());
        assertThat(stats().minus(before)).isEqualTo(new Stats(2, 2, 0, 0));
    }

    @Test
    void createsAnOrderFromAFormPost() {
        Stats before = stats();

        Http.Response created = http().postForm("/orders/form", "item=fountain+pen&quantity=3");

        assertThat(created.status()).isEqualTo(201);
        JsonNode order = http().get("/orders/" + created.json().get("id").asLong()).json();
        assertThat(order.get("item").asText()).isEqualTo("fountain pen");
        assertThat(order.get("quantity").asInt()).isEqualTo(3);
        assertThat(stats().minus(before)).isEqualTo(new Stats(1, 1, 0, 0));
    }

    @Test
    void paymentsChargeOncePerRequestAndNeedAnOrder() {
        long orderId = http().postJson("/orders", ORDER).json().get("id").asLong();
        Stats before = stats();

        Http.Response paid = http().postJson("/orders/" + orderId + "/payments", "{\"amount\": 12.50}");
        Http.Response unknownOrder = http().postJson("/orders/999999999/payments", "{\"amount\": 1}");

        assertThat(paid.status()).isEqualTo(201);
        assertThat(paid.json().get("paymentId").asLong()).isPositive();
        assertThat(unknownOrder.status()).isEqualTo(404);
        assertThat(stats().minus(before)).isEqualTo(new Stats(0, 0, 1, 1));
    }

    @Test
    void failBeforeWriteAnswersThatStatusAndWritesNothing() {
        Stats before = stats();

        Http.Response failed = http().postJson("/orders?failBeforeWrite=503", ORDER);

        assertThat(failed.status()).isEqualTo(503);
        assertThat(failed.json().get("status").asInt()).isEqualTo(503);
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void failAfterWriteAnswers500ButTheOrderIsWritten() {
        Stats before = stats();

        Http.Response failed = http().postJson("/orders?failAfterWrite=true", ORDER);

        assertThat(failed.status()).isEqualTo(500);
        assertThat(stats().minus(before)).isEqualTo(new Stats(1, 1, 0, 0));
    }

    @Test
    void badJsonIsRejectedWithoutWriting() {
        Stats before = stats();

        assertThat(http().postJson("/orders", "{\"item\": ").status()).isEqualTo(400);
        assertThat(http().postJson("/orders", "{\"quantity\": 1}").status()).isEqualTo(400);
        assertThat(stats()).isEqualTo(before);
    }

    @Test
    void delayMsAnswersLateAfterTheCommit() {
        Stats before = stats();

        long started = System.nanoTime();
        Http.Response slow = http().postJson("/orders?delayMs=1200", ORDER);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(1200));
        assertThat(slow.status()).isEqualTo(201);

        // The client gives up first, yet the order exists: the "timeout after write" a retry duplicates.
        assertThatThrownBy(() -> http().postJson("/orders?delayMs=3000", ORDER, Duration.ofMillis(500)))
                .hasCauseInstanceOf(HttpTimeoutException.class);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                assertThat(stats().minus(before)).isEqualTo(new Stats(2, 2, 0, 0)));
    }

    @Test
    void sessionKnobPutsTheSessionIdIntoLocationForAClientWithoutCookies() {
        Http.Response created = http().postJson("/orders?session=true", ORDER);

        assertThat(created.status()).isEqualTo(201);
        String location = contextPath() + "/orders/" + created.json().get("id").asLong();
        assertThat(created.header("Location")).hasValueSatisfying(value ->
                assertThat(value).matches(Pattern.quote(location) + ";jsessionid=[^;/?]+"));
        assertThat(created.headers().allValues("Set-Cookie")).anySatisfy(cookie -> assertThat(cookie).startsWith("JSESSIONID="));
    }

    @Test
    void gzipKnobAnswersWithACompressedBody() {
        Http.BytesResponse created = http().postForBytes("/orders?gzip=true", "application/json", ORDER);

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Content-Encoding")).hasValue("gzip");
        assertThat(created.gunzippedBody()).matches("\\{\"id\":\\d+,\"state\":\"created\"\\}");
    }

    @Test
    void healthAnswersOk() {
        Http.Response health = http().get("/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("ok");
    }

    @Test
    void ordersSurviveARestartAndAKill() {
        long id = http().postJson("/orders", ORDER).json().get("id").asLong();
        Stats before = stats();

        demo.restart();
        assertThat(http().get("/orders/" + id).status()).isEqualTo(200);
        assertThat(stats()).isEqualTo(before);

        long pid = demo.pid();
        demo.kill();
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
        demo.restart();
        assertThat(http().get("/orders/" + id).status()).isEqualTo(200);
        assertThat(stats()).isEqualTo(before);

        // The output of the new run is captured too: the demo logs each order it creates.
        long next = http().postJson("/orders", ORDER).json().get("id").asLong();
        assertThat(demo.awaitLine(Pattern.compile("order " + next + " created"), Duration.ofSeconds(10)).group())
                .isEqualTo("order " + next + " created");
    }

    private Http http() {
        return Http.to(demo.baseUri());
    }

    private String contextPath() {
        return demo.baseUri().getPath();
    }

    private Stats stats() {
        JsonNode stats = http().get("/stats").json();
        return new Stats(stats.get("orders").asLong(), stats.get("emails").asLong(),
                stats.get("payments").asLong(), stats.get("charges").asLong());
    }

    /** The demo's side-effect counters. */
    record Stats(long orders, long emails, long payments, long charges) {
        Stats minus(Stats other) {
            return new Stats(orders - other.orders, emails - other.emails,
                    payments - other.payments, charges - other.charges);
        }
    }
}
