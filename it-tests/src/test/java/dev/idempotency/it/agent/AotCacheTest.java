package dev.idempotency.it.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.contract.ContractSuite;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo with the agent, started from the JDK's AOT cache (JDK 25+: a training run records the
 * classes, a second command writes the cache, the service starts with {@code -XX:AOTCache}).
 * A cache whose classes are linked ahead of time ({@code -XX:+AOTClassLinking}, the JDK's default
 * for a cache made this way) has the JVM load the application's classes before the agent's premain,
 * where the agent's transformer never sees them: a retry must still be answered from the store,
 * not run a second time. The recipe in operations.md ({@code -XX:-AOTClassLinking}) keeps the
 * JDK's usual order, and the cache then holds the agent's own classes. On JDK 17, an archive made at
 * the exit of a run without the agent serves a run with it.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class AotCacheTest {

    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 1}";

    @Test
    void aRetryIsReplayedWhenTheCacheLoadedTheApplicationBeforeTheAgent(@TempDir Path dir) throws Exception {
        Path cache = trainAndCreate(dir, List.of());

        try (DemoApp demo = withAgent(dir).jvmArg("-XX:AOTCache=" + cache, "-Xlog:aot=info").start()) {
            assertThat(demo.stdout()).as("the JVM used the cache with its classes linked ahead of time")
                    .anyMatch(line -> line.contains("Using AOT-linked classes: true"));
            assertRetryReplayed(demo);
        }
    }

    @Test
    void theRecipesCacheHoldsTheAgentsClassesAndARetryIsReplayed(@TempDir Path dir) throws Exception {
        Path cache = trainAndCreate(dir, List.of("-XX:-AOTClassLinking"));

        try (DemoApp demo = withAgent(dir).jvmArg("-XX:AOTCache=" + cache, "-Xlog:class+load=info").start()) {
            assertThat(demo.stdout()).as("the agent's own classes come from the cache")
                    .anyMatch(line -> line.contains("dev.idempotency.agent.core.")
                            && line.endsWith("source: shared objects file"));
            assertRetryReplayed(demo);
        }
    }

    @Test
    void onJava17AnArchiveOfARunWithoutTheAgentServesTheRunWithIt(@TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() == 17, "JDK 25 refuses such an archive with -javaagent");
        Path archive = dir.resolve("demo.jsa");
        try (DemoApp training = DemoApp.servletJavax().workDir(dir).jvmArg("-XX:ArchiveClassesAtExit=" + archive).start()) {
            assertThat(Http.to(training.baseUri()).postJson("/orders", ORDER).status()).isEqualTo(201);
            stopAndWait(training);
        }
        assertThat(archive).as("the run without the agent wrote its archive at exit").exists();

        try (DemoApp demo = withAgent(dir).jvmArg("-XX:SharedArchiveFile=" + archive, "-Xlog:class+load=info").start()) {
            assertThat(demo.stdout()).as("the application's classes come from the archive")
                    .anyMatch(line -> line.contains("org.apache.catalina.startup.Tomcat source: shared objects file"));
            assertRetryReplayed(demo);
        }
    }

    /** One training run with the agent (first request served), then the cache written from it. */
    private static Path trainAndCreate(Path dir, List<String> cacheOptions) throws IOException, InterruptedException {
        assumeTrue(Runtime.version().feature() >= 25, "the AOT cache's options are JDK 25's");
        Path configuration = dir.resolve("demo.aotconf");
        Path cache = dir.resolve("demo.aot");
        try (DemoApp training = withAgent(dir).jvmArg(options(cacheOptions,
                "-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration)).start()) {
            assertThat(Http.to(training.baseUri()).postJson("/orders", ORDER, "Idempotency-Key", UUID.randomUUID().toString())
                    .status()).isEqualTo(201);
            stopAndWait(training);
        }
        assertThat(configuration).as("the training run wrote its AOT configuration at exit").exists();
        List<String> create = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        create.addAll(List.of(options(cacheOptions, "-XX:AOTMode=create", "-XX:AOTConfiguration=" + configuration,
                "-XX:AOTCache=" + cache, "-javaagent:" + Artifacts.agentJar() + "=config=" + dir.resolve("agent.yaml"),
                "-jar", Artifacts.servletJavaxJar().toString(), "0")));
        Process process = new ProcessBuilder(create).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("create.log").toFile()).start();
        try {
            assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("the cache was written in time").isTrue();
        } finally {
            process.destroyForcibly();
        }
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("create.log"))).isZero();
        assertThat(cache).exists();
        return cache;
    }

    /** SIGTERM: the JVM writes what it recorded on its way out, which can take longer than stop() waits. */
    private static void stopAndWait(DemoApp training) {
        ProcessHandle jvm = ProcessHandle.of(training.pid()).orElseThrow();
        jvm.destroy();
        assertThat(jvm.onExit().completeOnTimeout(null, 180, TimeUnit.SECONDS).join())
                .as("the training run exited in time").isNotNull();
    }

    private static DemoApp.Builder withAgent(Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("agent.yaml"), ContractSuite.contractAgentConfig());
        return DemoApp.servletJavax().workDir(dir).agentConfig(config);
    }

    private static String[] options(List<String> first, String... then) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(then));
        return all.toArray(String[]::new);
    }

    private static void assertRetryReplayed(DemoApp demo) {
        Http http = Http.to(demo.baseUri());
        long ordersBefore = http.get("/stats").json().get("orders").asLong();
        String key = UUID.randomUUID().toString();

        Http.Response first = http.postJson("/orders", ORDER, "Idempotency-Key", key);
        Http.Response retry = http.postJson("/orders", ORDER, "Idempotency-Key", key);

        assertThat(first.status()).isEqualTo(201);
        assertThat(retry.status()).isEqualTo(201);
        assertThat(retry.header("Idempotent-Replayed")).hasValue("true");
        JsonNode stats = http.get("/stats").json();
        assertThat(stats.get("orders").asLong() - ordersBefore).as("orders the application created").isEqualTo(1);
    }
}
