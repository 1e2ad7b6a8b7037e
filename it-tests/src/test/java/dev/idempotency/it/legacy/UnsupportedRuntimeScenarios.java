package dev.idempotency.it.legacy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
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
 * A runtime whose host API is older than the agent's adapter for it takes. With only
 * {@code -javaagent} and {@code POST /orders} declared, the service still runs and answers,
 * unprotected, and the operator hears it once, on stderr and in {@code status <pid>}: the API in
 * that loader is not supported, so the requests run UNPROTECTED.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class UnsupportedRuntimeScenarios {

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
                    %s
                """.formatted(workDir.resolve("agent-store/agent"), String.join("\n    ", endpointDeclaration())));
        server = start(workDir, agentConfig);
    }

    /** Starts the runtime with its estate application, the agent attached with {@code agentConfig}. */
    protected abstract ForkedService start(Path workDir, Path agentConfig);

    /** How the agent's warning names the instrumentation group not applied ({@code "servlet"}, {@code "jersey"}), lower case. */
    protected abstract String group();

    /** What the warning says is supported ({@code "Servlet"}, {@code "Jersey 2.8 to"}). */
    protected abstract String supported();

    /** What the warning says to do, where it names a fix; {@code ""} for none checked. */
    protected String fix() {
        return "";
    }

    /** The endpoint's declaration after its name, one YAML line each: {@code method} and {@code path}, or a {@code resource-method}. */
    protected List<String> endpointDeclaration() {
        return List.of("method: POST", "path: /orders");
    }

    /** Where the application's contract lives below the server's base URI ({@code "/api"}); {@code ""} for the base. */
    protected String basePath() {
        return "";
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

        Http.Response first = http().postJson(basePath() + "/orders", body, "Idempotency-Key", key);
        Http.Response retry = http().postJson(basePath() + "/orders", body, "Idempotency-Key", key);

        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(retry.status()).as(retry.body()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).isEmpty();
        assertThat(executions()).as("both requests executed: nothing protects them").isEqualTo(before + 2);

        List<String> groupWarnings = Stream.concat(server.stderr().stream(), server.stdout().stream())
                .filter(line -> AGENT_WARNING.matcher(line).find())
                .filter(line -> line.toLowerCase(Locale.ROOT).contains(group()))
                .collect(Collectors.toList());
        assertThat(groupWarnings).as("the agent's warnings about the %s group", group()).hasSize(1);
        String warning = groupWarnings.get(0);
        assertThat(warning).contains(supported()).contains("UNPROTECTED").contains(fix());

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
        Http.Response count = http().get(basePath() + "/orders/count");
        assertThat(count.status()).as(count.body()).isEqualTo(200);
        return Long.parseLong(count.body().trim());
    }
}
