package dev.idempotency.it.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jersey's servlet on embedded Tomcat 9: the servlet and the JAX-RS adapter both see each request.
 * {@code POST /orders} is declared by path and resource method, so both layers match it; had both
 * claimed the key, the inner claim would have found the outer one in progress and answered 409.
 * Payments are declared by resource method only: the servlet layer cannot match them, Jersey does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class JaxrsInServletTest {

    private static final String RESOURCE = "dev.idempotency.demo.jaxrsjavax.OrdersResource";

    private DemoApp demo;

    @BeforeAll
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void startDemo(@TempDir Path workDir) throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), ""
                + "logging:\n"
                + "  sink: stderr\n"
                + "endpoints:\n"
                + "  - name: create-order\n"
                + "    method: POST\n"
                + "    path: /orders\n"
                + "    resource-method: " + RESOURCE + "#create\n"
                + "  - name: create-payment\n"
                + "    method: POST\n"
                + "    resource-method: " + RESOURCE + "#pay\n");
        demo = DemoApp.jaxrsJavaxInTomcat().workDir(workDir).agentConfig(config).start();
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void anOperationMatchedByBothLayersIsClaimedOnce() {
        DemoStats before = DemoStats.of(http());
        String key = JaxrsContractTest.newKey();

        Http.Response first = http().postJson("/orders", JaxrsContractTest.ORDER, "Idempotency-Key", key);
        Http.Response replay = http().postJson("/orders", JaxrsContractTest.ORDER, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.header("X-Request-Id")).isPresent();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(DemoStats.of(http()).minus(before)).isEqualTo(new DemoStats(1, 1, 0, 0));
    }

    @Test
    void anOperationOnlyJaxrsCanMatchIsStillProtected() {
        long orderId = http().postJson("/orders", JaxrsContractTest.ORDER, "Idempotency-Key", JaxrsContractTest.newKey())
                .json().get("id").asLong();
        DemoStats before = DemoStats.of(http());
        String key = JaxrsContractTest.newKey();

        Http.Response first = http().postJson("/orders/" + orderId + "/payments", "{\"amount\": 5}", "Idempotency-Key", key);
        Http.Response replay = http().postJson("/orders/" + orderId + "/payments", "{\"amount\": 5}", "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
        assertThat(replay.body()).isEqualTo(first.body());
        assertThat(DemoStats.of(http()).minus(before)).isEqualTo(new DemoStats(0, 0, 1, 1));
    }

    private Http http() {
        return Http.to(demo.baseUri());
    }
}
