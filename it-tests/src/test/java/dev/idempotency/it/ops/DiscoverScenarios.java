package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's three commands on one runtime: a service started with the agent and no endpoint
 * declared takes orders and a payment; {@code discover <pid>} lists each state-changing entry once
 * (method, path, the resource method where a JAX-RS runtime matched one, how many requests, with
 * how many the key was sent, the credentials seen) and prints an {@code endpoints:} list; the
 * service restarted with that list as its config (refusing to start on a config error) protects
 * them, and {@code verify} passes every check on it, the demo's own counts showing one effect per
 * operation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
abstract class DiscoverScenarios {

    private static final String HEAD = "service-name: discover\non-config-error: fail\n";
    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 1}";
    private static final String PAYMENT = "{\"amount\": 12.50}";
    private static final String KEY = "Idempotency-Key";
    private static final String MERCHANT = "X-Merchant-Id";

    private Path workDir;
    private Path config;
    private ForkedService service;

    /**
     * How discover lists the orders and the payments of an order ({@code POST /orders}, or with the
     * resource method a JAX-RS runtime matched), and the names its endpoints list gives them.
     */
    private final String ordersEntry;
    private final String paymentsEntry;
    private final String ordersName;
    private final String paymentsName;

    /** Entries by servlet path: {@code post-orders} and {@code post-orders-payments}. */
    DiscoverScenarios() {
        this("POST /orders", "POST /orders/{id}/payments", "post-orders", "post-orders-payments");
    }

    /** Entries by the resource methods {@code create} and {@code pay} of {@code resourceClass}. */
    DiscoverScenarios(String resourceClass) {
        this("POST /orders (resource-method " + resourceClass + "#create)",
                "POST /orders/{id}/payments (resource-method " + resourceClass + "#pay)", "create", "pay");
    }

    private DiscoverScenarios(String ordersEntry, String paymentsEntry, String ordersName, String paymentsName) {
        this.ordersEntry = ordersEntry;
        this.paymentsEntry = paymentsEntry;
        this.ordersName = ordersName;
        this.paymentsName = paymentsName;
    }

    /** The service with the agent and {@code config}, started in {@code workDir}. */
    protected abstract ForkedService start(Path workDir, Path config);

    @BeforeAll
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void startWithNothingDeclared(@TempDir Path dir) throws IOException {
        workDir = dir;
        config = Files.writeString(workDir.resolve("agent.yaml"), HEAD + "endpoints: []\n");
        service = start(workDir, config);
        Http http = Http.to(service.baseUri());
        Http.Response created = http.postJson("/orders", ORDER, KEY, UUID.randomUUID().toString(), MERCHANT, "acme");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.header("X-Request-Id")).as("nothing is declared, nothing is protected").isEmpty();
        assertThat(http.postJson("/orders", ORDER, KEY, UUID.randomUUID().toString(), MERCHANT, "acme").status())
                .isEqualTo(201);
        long id = created.json().get("id").asLong();
        Http.Response paid = http.postJson("/orders/" + id + "/payments", PAYMENT, KEY, UUID.randomUUID().toString(),
                MERCHANT, "acme");
        assertThat(paid.status()).as(paid.body()).isBetween(200, 299);
        assertThat(http.get("/orders/" + id).status()).isEqualTo(200);
    }

    @AfterAll
    void stop() {
        if (service != null) {
            service.close();
        }
    }

    @Test
    @Order(1)
    void discoverListsEachStateChangingEntryOnce() {
        AgentCli.Result discovered = discover();

        assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
        assertThat(discovered.stdout()).as(discovered.toString()).contains(
                "  " + ordersEntry + ": 2 request(s), Idempotency-Key sent with 2, content types: application/json, "
                        + "credentials: header X-Merchant-Id\n",
                "  " + paymentsEntry + ": 1 request(s), Idempotency-Key sent with 1, content types: "
                        + "application/json, credentials: header X-Merchant-Id\n",
                "  - name: " + ordersName + "\n    method: POST\n",
                "  - name: " + paymentsName + "\n    method: POST\n");
        assertThat(discovered.stdout().lines().filter(line -> line.startsWith("  POST ")))
                .as("one line per entry: %s", discovered.stdout()).hasSize(2);
        assertThat(discovered.stdout().lines().filter(line -> line.startsWith("  - name: "))).hasSize(2);
        assertThat(discovered.stdout()).doesNotContain("GET", "acme");
    }

    @Test
    @Order(2)
    void theEndpointsListIsAConfigTheServiceProtectsAndVerifyPassesOnIt() throws IOException {
        String stdout = discover().stdout();
        String endpoints = stdout.substring(stdout.indexOf("endpoints:\n"));
        Files.writeString(config, HEAD + endpoints);

        service.restart();
        Http http = Http.to(service.baseUri());
        assertThat(http.postJson("/orders", ORDER, MERCHANT, "acme").status()).as("the key is required now").isEqualTo(400);
        Http.Response created = http.postJson("/orders", ORDER, KEY, UUID.randomUUID().toString(), MERCHANT, "acme");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        AgentCli.Result verified = new AgentCli(workDir, config).run("verify", "--url", service.baseUri().toString(),
                "--header", MERCHANT + "=verify-merchant",
                "--sample", ordersName + "=" + ORDER, "--count", ordersName + "=/stats,/orders",
                "--sample", paymentsName + "=" + PAYMENT, "--count", paymentsName + "=/stats,/payments",
                "--path-param", "id=" + created.json().get("id").asLong());

        assertThat(verified.exitCode()).as(endpoints + verified).isZero();
        assertThat(verified.stdout()).as(verified.toString()).contains("14 passed, 0 failed");
    }

    /** With nothing declared the status is published seconds after start: until then discover says to try again. */
    private AgentCli.Result discover() {
        AgentCli cli = new AgentCli(workDir, config);
        return await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> cli.runWithoutConfig("discover", Long.toString(service.pid())),
                        result -> !result.stderr().contains("has not published its status yet"));
    }
}
