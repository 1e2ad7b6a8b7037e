package dev.idempotency.it.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spring 6's clients down the chain: an orders service (its own JVM, with the agent) calls payments
 * (the chain demo's, with its agent) with {@code RestClient} on each of its request factories (the
 * one it picks by default, Jetty, Reactor Netty, the JDK's client, {@code HttpURLConnection}) and
 * with {@code WebClient} on Reactor Netty. Each unsafe call of a protected execution carries a
 * derived key, the same at the re-execution; GETs, the application's own key and unprotected
 * requests are left alone. One payments and one orders serve the whole class.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class Spring6ClientsTest {

    private static final String PAYMENTS_CONFIG = """
            service-name: payments
            store:
              url: "jdbc:h2:file:./idempotency-store/agent"
            endpoints:
              - name: echo
                method: POST
                path: /nothing-declared-here
            """;

    private static final String ORDERS_CONFIG = """
            service-name: orders
            store:
              url: "jdbc:h2:file:./idempotency-store/agent"
            endpoints:
              - name: calls
                method: POST
                path: /calls
                release-on-status: [200]
                propagate-key: true
            """;

    @TempDir
    static Path classDir;

    private static DemoApp payments;
    private static DemoApp orders;

    @BeforeAll
    static void start() throws IOException {
        Path paymentsDir = Files.createDirectories(classDir.resolve("payments"));
        payments = DemoApp.chain("payments", null).workDir(paymentsDir)
                .agentConfig(Files.writeString(paymentsDir.resolve("agent.yaml"), PAYMENTS_CONFIG)).start();
        Path ordersDir = Files.createDirectories(classDir.resolve("orders"));
        orders = DemoApp.chainSpring6(payments.baseUri()).workDir(ordersDir)
                .agentConfig(Files.writeString(ordersDir.resolve("agent.yaml"), ORDERS_CONFIG)).start();
    }

    @AfterAll
    static void stop() {
        if (orders != null) {
            orders.close();
        }
        if (payments != null) {
            payments.close();
        }
    }

    @ParameterizedTest(name = "client {0}")
    @ValueSource(strings = {"restclient", "restclient-jetty", "restclient-reactor", "restclient-jdk", "restclient-simple",
            "webclient"})
    void eachClientKeysUnsafeCallsOfProtectedRequestsOnly(String client) {
        int seen = received().size();
        Http ordersHttp = Http.to(orders.baseUri());
        String query = "?client=" + client;
        String key = "spring6-" + client;
        assertThat(ordersHttp.postJson("/calls" + query, "{}", "Idempotency-Key", key).status()).isEqualTo(200);
        assertThat(ordersHttp.postJson("/calls" + query, "{}", "Idempotency-Key", key).status()).isEqualTo(200);
        assertThat(ordersHttp.postJson("/unprotected-calls" + query, "{}", "Idempotency-Key", key + "-u").status())
                .isEqualTo(200);
        List<String> calls = received().subList(seen, seen + 15);

        List<String> first = calls.subList(0, 5);
        EchoCalls.assertKeyed(first);
        assertThat(calls.subList(5, 10)).as("the re-execution sends the same keys").isEqualTo(first);
        assertThat(calls.subList(10, 15)).as("outside a protected request nothing is added")
                .isEqualTo(EchoCalls.UNKEYED);
        // The attempt log is written off the request thread, and read from stdout as it comes.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(orders.stdout().stream()
                .filter(line -> line.contains("\"event.action\":\"propagated\"")
                        && line.contains("\"idempotency.key\":\"" + key + "\"")
                        && line.contains("\"idempotency.downstream.client\":\"Spring "))
                .count()).as("each keyed call, named by the Spring client that sent it").isEqualTo(6));
    }

    private static List<String> received() {
        String body = Http.to(payments.baseUri()).get("/received").body();
        return body.isEmpty() ? List.of() : Arrays.asList(body.split("\n"));
    }
}
