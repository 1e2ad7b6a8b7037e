package dev.idempotency.it.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.ServiceJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent makes the JVM print nothing: a service on the JVM under test (8, 11, 17, 21 or 25; see
 * {@link ServiceJvm}) started with only {@code -javaagent}, its endpoint protected and used (the
 * bridge defined in the boot loader, an adapter in the application's loader, the store opened),
 * prints no line the JVM prints of its own (an illegal reflective access, an {@code --add-opens}
 * hint, a {@code sun.misc.Unsafe} or class-sharing warning) that the same service without the agent
 * does not print.
 */
class NoJvmWarningTest {

    /** What HotSpot and the JDK's libraries print of their own on stderr, whoever caused it. */
    private static final Pattern JVM_WARNING = Pattern.compile(
            "^(WARNING:|OpenJDK .*VM warning|Java HotSpot.*warning|\\[[\\d.]+s\\]\\[warning\\])|illegal reflective access|--add-opens|sun\\.misc\\.Unsafe",
            Pattern.CASE_INSENSITIVE);
    private static final String BODY = "{\"item\": \"book\", \"quantity\": 1}";

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void theAgentAddsNoLineOfTheJvmsOwn(@TempDir Path workDir) throws IOException {
        List<String> bare = jvmWarnings(run(workDir.resolve("bare"), null));

        Path withAgent = workDir.resolve("with-agent");
        Files.createDirectories(withAgent);
        Path config = Files.writeString(withAgent.resolve("agent.yaml"), "service-name: estate\n"
                + "store:\n  url: jdbc:h2:file:" + withAgent.resolve("store/agent") + "\n"
                + "logging:\n  sink: file\n  file: " + withAgent.resolve("attempts.jsonl") + "\n"
                + "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");
        List<String> stderr = run(withAgent, config);

        assertThat(stderr).as("the agent started on Java %s", ServiceJvm.feature())
                .anyMatch(line -> line.startsWith("idempotency-agent ") && line.contains("1 endpoint declared"));
        assertThat(jvmWarnings(stderr)).as("JVM warnings with the agent on Java %s, beyond those without it %s; stderr: %s",
                ServiceJvm.feature(), bare, stderr).isSubsetOf(bare);
    }

    /** Starts the estate's Jetty 9.4 service ({@code config} null: without the agent), uses it as a client would, stops it; its stderr. */
    private static List<String> run(Path workDir, Path config) {
        DemoApp.Builder builder = DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(workDir);
        if (config != null) {
            builder.agentConfig(config);
        }
        try (ForkedService service = builder.start()) {
            Http http = Http.to(service.baseUri());
            String key = UUID.randomUUID().toString();
            Http.Response first = http.postJson("/orders", BODY, "Idempotency-Key", key);
            Http.Response again = http.postJson("/orders", BODY, "Idempotency-Key", key);
            assertThat(first.status()).as(first.body()).isEqualTo(201);
            if (config != null) {
                assertThat(again.header("Idempotent-Replayed")).as("protected: %s", again).hasValue("true");
                assertThat(http.postJson("/orders", BODY).status()).as("the key is required").isEqualTo(400);
            }
            service.stop();
            return service.stderr();
        }
    }

    private static List<String> jvmWarnings(List<String> stderr) {
        return stderr.stream().filter(line -> JVM_WARNING.matcher(line).find()).collect(Collectors.toList());
    }
}
