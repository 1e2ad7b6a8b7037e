package dev.idempotency.it.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The estate servlets on embedded Jetty 7.6, whose servlet API is 2.5: older than the agent's
 * servlet adapter (Servlet 3.0 and later). With only {@code -javaagent} and {@code POST /orders}
 * declared, the service still runs and answers, unprotected, and the operator hears it once, on
 * stderr and in {@code status <pid>}: the servlet API in that loader is not supported, so the
 * requests run UNPROTECTED.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Jetty7UnsupportedTest {

    private static final Pattern AGENT_WARNING = Pattern.compile("idempotency-agent \\S+: WARNING: ");

    private ForkedService server;
    private Path workDir;
    private Path agentConfig;

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void startServer(@TempDir Path workDir) throws Exception {
        this.workDir = workDir;
        // The protection check would add its own warning about the endpoint once it runs; what this
        // test counts is what the instrumentation of the servlet group says, so the check stays out of the way.
        agentConfig = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: estate
                on-config-error: fail
                protection-check-after: 10m
                store:
                  url: jdbc:h2:file:%s
                logging:
                  sink: none
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """.formatted(workDir.resolve("agent-store/agent")));
        server = DemoApp.builder(Artifacts.estateJetty7Jar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @AfterAll
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theServiceAnswersUnprotectedAndTheAgentSaysSoOnceOnStderrAndInStatus() {
        long before = executions();
        String key = UUID.randomUUID().toString();
        String body = "{\"item\":\"unprotected-" + key.substring(0, 8) + "\",\"quantity\":1}";

        Http.Response first = http().postJson("/orders", body, "Idempotency-Key", key);
        Http.Response retry = http().postJson("/orders", body, "Idempotency-Key", key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEmpty();
        assertThat(executions()).as("both requests executed: nothing protects them").isEqualTo(before + 2);

        List<String> servletWarnings = Stream.concat(server.stderr().stream(), server.stdout().stream())
                .filter(line -> AGENT_WARNING.matcher(line).find())
                .filter(line -> line.toLowerCase(Locale.ROOT).contains("servlet"))
                .collect(Collectors.toList());
        assertThat(servletWarnings).as("the agent's warnings about the servlet group").hasSize(1);
        String warning = servletWarnings.get(0);
        assertThat(warning).contains("Servlet").contains("UNPROTECTED");

        // No request was taken, so the status is published a few seconds after start.
        AgentCli cli = new AgentCli(workDir, agentConfig);
        AgentCli.Result status = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofSeconds(1))
                .until(() -> cli.runWithoutConfig("status", Long.toString(server.pid())), result -> result.exitCode() == 0);
        assertThat(status.stdout()).as(status.toString())
                .containsPattern("(?m)^  create-order .*UNPROTECTED")
                .contains(AGENT_WARNING.split(warning, 2)[1]);
    }

    private Http http() {
        return Http.to(server.baseUri());
    }

    /** The executions of the application's create handler, as the application counts them. */
    private long executions() {
        Http.Response count = http().get("/orders/count");
        assertThat(count.status()).as(count.body()).isEqualTo(200);
        return Long.parseLong(count.body().trim());
    }
}
