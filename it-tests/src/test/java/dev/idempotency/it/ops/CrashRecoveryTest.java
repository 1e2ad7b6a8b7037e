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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash window, end to end: the demo (javax servlets, embedded H2 store) is killed with
 * SIGKILL at chosen moments and restarted in the same working directory; retries and the
 * operator's tools then decide what happens. Leases are 2 s, renewed every 500 ms.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class CrashRecoveryTest {

    /** For an operation executed again after the crash: still asleep at the kill, yet its re-execution answers within the test. */
    private static final String SLEEP_THEN_ANSWER = "?delayMs=20000";

    @TempDir
    Path workDir;

    /**
     * One crash, three operations: "answered" got its response just before the kill, "crash-a" and
     * "crash-b" had committed their order and were sleeping before answering.
     */
    @Test
    void afterAKillAnsweredRequestsReplayAndUnansweredOnesWaitForTheOperator() throws Exception {
        Path config = new OpsConfig().writeTo(workDir);
        AgentCli cli = new AgentCli(workDir, config);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI beforeCrash = demo.baseUri();
            Http.Response answered = Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT);
            assertThat(answered.status()).isEqualTo(201);
            // Its completion is written just behind the answer: a replay waits for it, so the kill below finds it stored.
            Orders.assertReplayOf(answered, Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT));
            Orders.inFlight(beforeCrash, "crash-a", Orders.SLEEP_AFTER_COMMIT);
            Orders.inFlight(beforeCrash, "crash-b", Orders.SLEEP_AFTER_COMMIT);
            await().atMost(Duration.ofSeconds(30)).until(() -> Orders.count(beforeCrash) == 3);

            demo.kill();
            long killedAt = System.nanoTime();
            demo.restart();

            Orders.assertReplayOf(answered, Orders.create(demo.baseUri(), "answered", "", Http.DEFAULT_TIMEOUT));

            Orders.awaitLeasesOfTheKilledLapsed(killedAt);
            for (String key : List.of("crash-a", "crash-b")) {
                Http.Response retry = Orders.create(demo.baseUri(), key, Orders.SLEEP_AFTER_COMMIT,
                        Http.DEFAULT_TIMEOUT);
                assertThat(retry.status()).as(retry.body()).isEqualTo(409);
                assertThat(Orders.problemType(retry)).endsWith(Orders.OUTCOME_UNKNOWN);
            }
            assertThat(Orders.count(demo.baseUri())).as("nothing executed again").isEqualTo(3);
            for (String key : List.of("crash-a", "crash-b")) {
                await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(demo.stdout())
                        .as("the attempt log announces %s once", key)
                        .filteredOn(line -> line.contains("\"event.action\":\"outcome_unknown_recorded\"")
                                && line.contains("\"idempotency.key\":\"" + key + "\""))
                        .singleElement().satisfies(event -> assertThat(event)
                                .contains("\"idempotency.endpoint\":\"create-order\"")
                                .contains("\"idempotency.owner\":\"")
                                .contains("resolve " + key + " --complete")
                                .contains("--config " + config.toAbsolutePath().normalize())));
            }

            await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(demo.stderr())
                    .as("the keeper's summary while keys are UNKNOWN")
                    .anyMatch(line -> line.contains("2 idempotency key(s) are UNKNOWN")
                            && line.contains("list --state unknown")));
            AgentCli.Result inspected = cli.run("inspect", "crash-a");
            assertThat(inspected.exitCode()).as(inspected.toString()).isZero();
            assertThat(inspected.field("state")).isEqualTo("UNKNOWN");
            assertThat(inspected.field("attempts")).isEqualTo("2");
            assertThat(inspected.field("lease-until")).endsWith("(expired)");
            AgentCli.Result unknown = cli.run("list", "--state", "unknown");
            assertThat(unknown.exitCode()).as(unknown.toString()).isZero();
            assertThat(unknown.stdout()).contains("crash-a", "crash-b", "2 UNKNOWN record(s)");

            // The operator found order crash-a in the database: retries get its answer from now on.
            long id = Orders.items(demo.baseUri()).indexOf("crash-a") + 1;
            String answer = "{\"id\":" + id + ",\"state\":\"created\"}";
            Path bodyFile = Files.writeString(workDir.resolve("order.json"), answer);
            AgentCli.Result injected = cli.run("resolve", "crash-a", "--complete", "--status", "201",
                    "--body-file", bodyFile.toString(), "--header", "Location: /orders/" + id + "\nInjected: yes");
            assertThat(injected.exitCode()).as("a header value with a line break is a usage error").isEqualTo(2);
            assertThat(injected.stderr()).contains("--header Location has a line break");
            AgentCli.Result completed = cli.run("resolve", "crash-a", "--complete", "--status", "201",
                    "--body-file", bodyFile.toString(), "--header", "Location: /orders/" + id,
                    "--token", inspected.field("fencing-token"));
            assertThat(completed.exitCode()).as(completed.toString()).isZero();
            assertThat(completed.stdout()).contains("completed key 'crash-a' (was UNKNOWN");

            Http.Response reconciled = Orders.create(demo.baseUri(), "crash-a", Orders.SLEEP_AFTER_COMMIT,
                    Http.DEFAULT_TIMEOUT);
            assertThat(reconciled.status()).isEqualTo(201);
            assertThat(reconciled.body()).isEqualTo(answer);
            assertThat(reconciled.header("Idempotent-Replayed")).hasValue("true");
            assertThat(reconciled.header("Location")).hasValue("/orders/" + id);

            // For crash-b the operator decided it had no effect: the next request with the key executes
            // (again); the released key is free, so it is sent without the sleep.
            AgentCli.Result released = cli.run("resolve", "crash-b", "--release");
            assertThat(released.exitCode()).as(released.toString()).isZero();
            Http.Response executed = Orders.create(demo.baseUri(), "crash-b", "", Http.DEFAULT_TIMEOUT);
            assertThat(executed.status()).isEqualTo(201);
            assertThat(executed.header("Idempotent-Replayed")).isEmpty();
            assertThat(Orders.create(demo.baseUri(), "crash-b", "", Http.DEFAULT_TIMEOUT).header("Idempotent-Replayed"))
                    .hasValue("true");
            assertThat(Orders.items(demo.baseUri()))
                    .containsExactlyInAnyOrder("answered", "crash-a", "crash-b", "crash-b");
        }
    }

    @Test
    void underReexecuteTheRetryTakesOverWithTheNextFencingToken() {
        Path config = new OpsConfig().ordersCrashPolicy("reexecute").writeTo(workDir);
        AgentCli cli = new AgentCli(workDir, config);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI beforeCrash = demo.baseUri();
            Orders.inFlight(beforeCrash, "redo", SLEEP_THEN_ANSWER);
            await().atMost(Duration.ofSeconds(30)).until(() -> Orders.count(beforeCrash) == 1);
            AgentCli.Result executing = cli.run("inspect", "redo");
            assertThat(executing.field("state")).isEqualTo("IN_PROGRESS");
            assertThat(executing.field("lease-until")).as("renewed while the handler sleeps").endsWith("(live)");
            AgentCli.Result refused = cli.run("resolve", "redo", "--release");
            assertThat(refused.exitCode()).as("a live owner is never resolved without --force").isEqualTo(1);
            assertThat(refused.stderr()).contains("live lease");

            demo.kill();
            long killedAt = System.nanoTime();
            demo.restart();

            // The same request again, once the dead owner's lease has lapsed: executed again, so it sleeps
            // again before answering.
            Orders.awaitLeasesOfTheKilledLapsed(killedAt);
            Http.Response retry = Orders.create(demo.baseUri(), "redo", SLEEP_THEN_ANSWER, Duration.ofSeconds(45));
            assertThat(retry.status()).as(retry.body()).isEqualTo(201);
            assertThat(retry.header("Idempotent-Replayed")).as("executed, not replayed").isEmpty();
            AgentCli.Result takenOver = cli.run("inspect", "redo");
            assertThat(takenOver.field("state")).isEqualTo("COMPLETED");
            assertThat(Long.parseLong(takenOver.field("fencing-token")))
                    .isEqualTo(Long.parseLong(executing.field("fencing-token")) + 1);
            // The demo's handler is not transactional end to end, which is why reexecute is opt-in.
            assertThat(Orders.count(demo.baseUri())).isEqualTo(2);
        }
    }

    @Test
    void aHandlerRunningForThreeLeasesKeepsItsClaim() throws Exception {
        Path config = new OpsConfig().writeTo(workDir);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI uri = demo.baseUri();
            String sixSeconds = "?delayMs=6000";
            CompletableFuture<Http.Response> slow = CompletableFuture.supplyAsync(
                    () -> Orders.create(uri, "slow", sixSeconds, Duration.ofSeconds(30)));
            await().atMost(Duration.ofSeconds(20)).until(() -> Orders.count(uri) == 1);

            for (int i = 0; i < 4 && !slow.isDone(); i++) {
                Orders.pause(Duration.ofMillis(1200));
                Http.Response retry = Orders.create(uri, "slow", sixSeconds, Http.DEFAULT_TIMEOUT);
                if (retry.status() == 201) {
                    // The first attempt finished meanwhile (its client may not have read the answer yet):
                    // this can only be its replay.
                    assertThat(retry.header("Idempotent-Replayed")).as(retry.body()).hasValue("true");
                    break;
                }
                assertThat(retry.status()).as(retry.body()).isEqualTo(409);
                assertThat(Orders.problemType(retry)).endsWith(Orders.IN_PROGRESS);
            }

            assertThat(slow.get(30, TimeUnit.SECONDS).status()).isEqualTo(201);
            Http.Response replay = Orders.create(uri, "slow", sixSeconds, Http.DEFAULT_TIMEOUT);
            assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
            assertThat(replay.body()).isEqualTo(slow.get().body());
            assertThat(Orders.count(uri)).isEqualTo(1);
        }
    }
}
