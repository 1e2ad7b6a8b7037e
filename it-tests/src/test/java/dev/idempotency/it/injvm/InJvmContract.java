package dev.idempotency.it.injvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An adapter family at the in-JVM depth: the real agent jar attached to this JVM (a fork of its
 * own per class, see the {@code in-jvm} execution in the pom), then the family's server started in
 * it with {@code POST /orders} declared. A matcher or an advice of the family that breaks fails
 * here in seconds: the agent's status must list the entry point as instrumented and hold no
 * warning (an advice failure is one), and the contract's first cases hold, counted by the
 * handler's own executions.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
abstract class InJvmContract {

    private static final String ORDER = "{\"item\":\"book\",\"quantity\":2}";
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private OrdersServer orders;

    /** The family's server, started once the agent is attached (so that it sees its classes defined). */
    abstract OrdersServer start(Path workDir) throws Exception;

    /** Part of the name of the class the family's group instruments, as the agent's status lists it. */
    abstract String instrumentedEntryPoint();

    @BeforeAll
    void attachTheAgentThenStart(@TempDir Path workDir) throws Exception {
        Path config = workDir.resolve("agent.yaml");
        Files.writeString(config, String.join("\n",
                "service-name: in-jvm-test",
                "on-config-error: fail",
                "store:",
                "  url: \"jdbc:h2:file:" + workDir.resolve("store/agent").toAbsolutePath() + "\"",
                "endpoints:",
                "  - name: create-order",
                "    method: POST",
                "    path: /orders",
                "    fingerprint:",
                "      mode: json",
                ""));
        ByteBuddyAgent.attach(new File(System.getProperty("idempotency.agent.jar")),
                String.valueOf(ProcessHandle.current().pid()), "config=" + config.toAbsolutePath());
        orders = start(workDir);
    }

    @AfterAll
    void stop() throws Exception {
        if (orders != null) {
            orders.close();
        }
    }

    @Test
    void aNewKeyExecutesOnceAndItsRetryReplays() throws Exception {
        int before = orders.executions();
        HttpResponse<String> first = post("new-key", ORDER);
        HttpResponse<String> retry = post("new-key", ORDER);

        assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
        assertThat(retry.statusCode()).isEqualTo(201);
        assertThat(retry.body()).isEqualTo(first.body());
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(orders.executions()).isEqualTo(before + 1);
    }

    @Test
    void theSameKeyWithAnotherBodyIsRefusedBeforeTheHandlerRuns() throws Exception {
        post("reused-key", ORDER);
        int executed = orders.executions();

        HttpResponse<String> reused = post("reused-key", "{\"item\":\"pen\",\"quantity\":1}");

        assertThat(reused.statusCode()).as(reused.body()).isEqualTo(422);
        assertThat(reused.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("application/problem+json"));
        assertThat(orders.executions()).isEqualTo(executed);
    }

    @Test
    void theAgentInstrumentedTheEntryPointWithoutAWarning() throws Exception {
        post("status-key", ORDER);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName status = new ObjectName("dev.idempotency.agent:type=Status");
        await().atMost(Duration.ofSeconds(20)).until(() -> server.isRegistered(status));

        String[] instrumented = (String[]) server.getAttribute(status, "InstrumentedEntryPoints");
        String[] warnings = (String[]) server.getAttribute(status, "Warnings");

        assertThat(instrumented).as(Arrays.toString(instrumented))
                .anySatisfy(entryPoint -> assertThat(entryPoint).contains(instrumentedEntryPoint()));
        assertThat(warnings).as(Arrays.toString(warnings)).isEmpty();
    }

    private HttpResponse<String> post(String key, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + orders.port() + "/orders"))
                .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** {@code POST /orders} on the family's server: 201 with the order's number, its executions counted. */
    interface OrdersServer extends AutoCloseable {
        int port();

        int executions();

        /** The body of the 201 for the {@code order}-th execution, the same on every server. */
        static String answer(int order) {
            return "{\"order\":" + order + "}";
        }
    }
}
