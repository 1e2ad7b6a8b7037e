package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded file store ({@code mvstore:}) end to end, through the crash window: the demo is
 * killed with SIGKILL after one answered request and with one in flight, and restarted in the
 * same working directory. The answered one replays, the one in flight is UNKNOWN, the status
 * counts the records and the bytes of the file, and the tools read it through the running service
 * as they read it with the service stopped.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FileStoreCrashRecoveryTest {

    private static final String FILE_STORE = "mvstore:./idempotency-store/agent";

    @TempDir
    Path workDir;

    @Test
    void afterAKillAnsweredRequestsReplayFromTheFileAndTheOneInFlightIsUnknown() throws Exception {
        Path config = new OpsConfig().store(FILE_STORE, null, null).writeTo(workDir);
        AgentCli cli = new AgentCli(workDir, config);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI beforeCrash = demo.baseUri();
            Http.Response answered = Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT);
            assertThat(answered.status()).isEqualTo(201);
            // Its completion is written just behind the answer: a replay waits for it, so the kill below finds it stored.
            Orders.assertReplayOf(answered, Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT));
            Orders.inFlight(beforeCrash, "crash-a", Orders.SLEEP_AFTER_COMMIT);
            await().atMost(Duration.ofSeconds(30)).until(() -> Orders.count(beforeCrash) == 2);
            assertThat(Files.exists(workDir.resolve("idempotency-store/agent.mvstore"))).isTrue();
            assertThat(Files.exists(workDir.resolve("idempotency-store/agent.mv.db"))).as("no SQL file").isFalse();

            demo.kill();
            long killedAt = System.nanoTime();
            demo.restart();

            assertThat(demo.stderr()).anyMatch(line -> line.contains("store mvstore"));
            Orders.assertReplayOf(answered, Orders.create(demo.baseUri(), "answered", "", Http.DEFAULT_TIMEOUT));
            Orders.awaitLeasesOfTheKilledLapsed(killedAt);
            Http.Response retry = Orders.create(demo.baseUri(), "crash-a", Orders.SLEEP_AFTER_COMMIT,
                    Http.DEFAULT_TIMEOUT);
            assertThat(retry.status()).as(retry.body()).isEqualTo(409);
            assertThat(Orders.problemType(retry)).endsWith(Orders.OUTCOME_UNKNOWN);
            assertThat(Orders.count(demo.baseUri())).as("nothing executed again").isEqualTo(2);

            AgentCli.Result status = cli.runWithoutConfig("status", Long.toString(demo.pid()));
            assertThat(status.exitCode()).as(status.toString()).isZero();
            assertThat(status.stdout()).containsPattern(
                    "store: mvstore, reachable, 2 record\\(s\\), [\\d,.]+ [KM]?B on disk \\([\\d,]+ bytes per record\\)");
            AgentCli.Result whileRunning = cli.run("list", "--state", "unknown");
            assertThat(whileRunning.exitCode()).as("through the running service: %s", whileRunning).isZero();
            assertThat(whileRunning.stdout()).contains("crash-a", "1 UNKNOWN record(s)");
        }

        AgentCli.Result unknown = cli.run("list", "--state", "unknown");
        assertThat(unknown.exitCode()).as(unknown.toString()).isZero();
        assertThat(unknown.stdout()).contains("crash-a", "1 UNKNOWN record(s)");
    }
}
