package dev.idempotency.it.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.ServiceJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operator's commands against a service on the JVM under test ({@link ServiceJvm}), run with
 * that JVM's own {@code java} (on Java 8 the attach API comes from the JDK's {@code lib/tools.jar})
 * and with the tests' newer one: {@code status}, {@code discover}, {@code attach} (into a service
 * of that JVM started without the agent), and the store commands
 * {@code list} and {@code inspect}, which reach the running agent's embedded file store through it. {@code verify} speaks
 * HTTP with the JDK's {@code HttpClient}: a Java 8 {@code java} is told to use a newer one, which
 * checks the Java 8 service.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class OperatorCommandsTest {

    private static final String BODY = "{\"item\": \"book\", \"quantity\": 1}";

    private Path workDir;
    private Path config;
    private ForkedService service;
    private final String key = UUID.randomUUID().toString();

    @BeforeAll
    void startService(@TempDir Path workDir) throws IOException {
        this.workDir = workDir;
        config = Files.writeString(workDir.resolve("agent.yaml"), "service-name: estate\n"
                + "store:\n  url: mvstore:" + workDir.resolve("store/agent") + "\n"
                + "logging:\n  sink: file\n  file: " + workDir.resolve("attempts.jsonl") + "\n"
                + "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");
        service = DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(workDir).agentConfig(config).start();
        Http http = Http.to(service.baseUri());
        assertThat(http.postJson("/orders", BODY, "Idempotency-Key", key).status()).isEqualTo(201);
        assertThat(http.postJson("/orders/undeclared", BODY).status()).as("an undeclared POST, for discover").isNotEqualTo(400);
    }

    @AfterAll
    void stopService() {
        if (service != null) {
            service.close();
        }
    }

    /** The service JVM's own {@code java}, and the tests' (the same on Java 17). */
    Stream<String> javas() {
        return Stream.of(ServiceJvm.java(), Path.of(System.getProperty("java.home"), "bin", "java").toString()).distinct();
    }

    @ParameterizedTest
    @MethodSource("javas")
    void statusNamesTheEndpointAndWhereItsRequestsEntered(String java) {
        AgentCli.Result status = new AgentCli(workDir, config, java).runWithoutConfig("status", Long.toString(service.pid()));

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.stdout()).as(status.toString())
                .contains("create-order", "dev.idempotency.estate.servlet.OrdersServlet");
    }

    @ParameterizedTest
    @MethodSource("javas")
    void discoverListsTheUndeclaredPost(String java) {
        AgentCli cli = new AgentCli(workDir, config, java);
        AgentCli.Result discovered = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                .until(() -> cli.runWithoutConfig("discover", Long.toString(service.pid())),
                        result -> !result.stderr().contains("has not published its status yet"));

        assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
        assertThat(discovered.stdout()).as(discovered.toString()).contains("POST /orders/undeclared: 1 request(s)");
    }

    @ParameterizedTest
    @MethodSource("javas")
    void storeCommandsReadTheRunningServicesRecord(String java) {
        AgentCli cli = new AgentCli(workDir, config, java);

        AgentCli.Result inspected = cli.run("inspect", key);
        AgentCli.Result listed = cli.run("list", "--state", "completed");

        assertThat(inspected.exitCode()).as(inspected.toString()).isZero();
        assertThat(inspected.stdout()).as(inspected.toString()).contains("COMPLETED", "201");
        assertThat(listed.exitCode()).as(listed.toString()).isZero();
        assertThat(listed.stdout()).as(listed.toString()).contains(key);
    }

    @ParameterizedTest
    @MethodSource("javas")
    void attachProtectsAServiceStartedWithoutTheAgent(String java, @TempDir Path attachDir) throws IOException {
        Path attachConfig = Files.writeString(attachDir.resolve("agent.yaml"), "service-name: estate\n"
                + "store:\n  url: mvstore:" + attachDir.resolve("store/agent") + "\n"
                + "logging:\n  sink: none\n"
                + "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");
        try (ForkedService bare = DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(attachDir).start()) {
            AgentCli.Result attached = new AgentCli(attachDir, attachConfig, java).runWithoutConfig(
                    "attach", Long.toString(bare.pid()), "--config", attachConfig.toString());

            assertThat(attached.exitCode()).as(attached.toString()).isZero();
            assertThat(attached.stdout()).as(attached.toString()).contains("attached to process " + bare.pid());
            Http http = Http.to(bare.baseUri());
            String attachedKey = UUID.randomUUID().toString();
            assertThat(http.postJson("/orders", BODY, "Idempotency-Key", attachedKey).status()).isEqualTo(201);
            assertThat(http.postJson("/orders", BODY, "Idempotency-Key", attachedKey).header("Idempotent-Replayed"))
                    .as("protected once attached").hasValue("true");
            assertThat(http.get("/orders/count").body().trim()).isEqualTo("1");
        }
    }

    @ParameterizedTest
    @MethodSource("javas")
    void verifyChecksTheServiceFromJava11OnAndSaysSoOnOlder(String java) {
        AgentCli.Result verified = new AgentCli(workDir, config, java).run("verify", "--url", service.baseUri().toString(),
                "--sample", "create-order=" + BODY, "--count", "create-order=/orders/count");

        if (ServiceJvm.feature(java) < 11) {
            assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
            assertThat(verified.stderr()).as(verified.toString()).contains("verify: needs a java of version 11 or newer");
        } else {
            assertThat(verified.exitCode()).as(verified.toString()).isZero();
            assertThat(verified.stdout()).as(verified.toString()).contains(" passed, 0 failed");
        }
    }
}
