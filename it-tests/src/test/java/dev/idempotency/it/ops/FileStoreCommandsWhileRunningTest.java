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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's store commands on the embedded file store ({@code mvstore:}) while the service
 * holds its file: they find the service by the note beside the file and work through its store.
 * Two requests are left UNKNOWN by a kill; with the service running again, {@code list} and
 * {@code inspect} show them, {@code resolve --complete} makes the next retry a replay of the
 * operator's answer (nothing executes), {@code resolve --release} makes it execute once more, and
 * {@code purge} deletes an expired record so its key executes anew: all counted by the demo's own
 * {@code /stats}. A note that names a dead process, a wrong secret or no note at all refuse with
 * exit status 1 and change nothing.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class FileStoreCommandsWhileRunningTest {

    private static final String FILE_STORE = "mvstore:./idempotency-store/agent";
    private static final String COMPLETE_LATER = "?delayMs=60000";
    private static final String RELEASE_LATER = "?delayMs=15000";
    private static final String PAYMENT = "{\"amount\": 10}";

    @TempDir
    Path workDir;

    @Test
    void listInspectResolveAndPurgeWorkThroughTheRunningService() throws Exception {
        Path config = new OpsConfig().store(FILE_STORE, null, null).paymentsTtl("3s").purgeInterval("1h")
                .writeTo(workDir);
        AgentCli cli = new AgentCli(workDir, config);
        Path note = workDir.resolve("idempotency-store/agent.mvstore.pid");
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI beforeCrash = demo.baseUri();
            Http.Response answered = Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT);
            assertThat(answered.status()).isEqualTo(201);
            // Its completion is written just behind the answer: a replay waits for it, so the kill below finds it stored.
            Orders.assertReplayOf(answered, Orders.create(beforeCrash, "answered", "", Http.DEFAULT_TIMEOUT));
            inFlight(beforeCrash, "crash-complete", COMPLETE_LATER);
            inFlight(beforeCrash, "crash-release", RELEASE_LATER);
            await().atMost(Duration.ofSeconds(30)).until(() -> Orders.count(beforeCrash) == 3);
            assertThat(note).exists();

            demo.kill();
            long killedAt = System.nanoTime();
            assertThat(note).as("a killed service leaves its note").exists();
            AgentCli.Result stopped = cli.run("list", "--state", "in_progress");
            assertThat(stopped.exitCode()).as("a stale note is not read when the file is free: %s", stopped).isZero();
            assertThat(stopped.stderr()).doesNotContain("held by process");
            demo.restart();
            URI service = demo.baseUri();
            // The note is written once the store is open; the bean is offered at the first request.
            Http.Response payment = pay(service, "pay-expiring");
            assertThat(payment.status()).as(payment.body()).isEqualTo(201);
            await().atMost(Duration.ofSeconds(30)).until(() -> Files.readString(note).contains("pid=" + demo.pid()));
            int ordersBefore = Orders.count(service);
            // Once the killed owner's leases have run out, a retry finds its owner gone: the record
            // becomes UNKNOWN, and nothing executes. (Before that, it is still in progress: 409.)
            Orders.awaitLeasesOfTheKilledLapsed(killedAt);
            for (String[] crashed : new String[][] {{"crash-complete", COMPLETE_LATER}, {"crash-release", RELEASE_LATER}}) {
                Http.Response retry = Orders.create(service, crashed[0], crashed[1], Http.DEFAULT_TIMEOUT);
                assertThat(Orders.problemType(retry)).as(retry.body()).endsWith(Orders.OUTCOME_UNKNOWN);
            }

            AgentCli.Result listed = cli.run("list", "--state", "unknown");
            assertThat(listed.exitCode()).as(listed.toString()).isZero();
            assertThat(listed.stdout()).contains("store: table idempotency_record at " + FILE_STORE,
                    "crash-complete", "crash-release", "2 UNKNOWN record(s)");
            assertThat(listed.stderr()).contains("is held by process " + demo.pid() + ", the running service");

            AgentCli.Result inspected = cli.run("inspect", "crash-complete");
            assertThat(inspected.exitCode()).as(inspected.toString()).isZero();
            assertThat(inspected.field("state")).isEqualTo("UNKNOWN");
            String token = inspected.field("fencing-token");

            AgentCli.Result completedRefused = cli.run("resolve", "answered", "--release");
            assertThat(completedRefused.exitCode()).as(completedRefused.toString()).isEqualTo(1);
            assertThat(completedRefused.stderr()).contains("refused: the record is already COMPLETED");
            AgentCli.Result staleToken = cli.run("resolve", "crash-complete", "--token", Long.toString(Long.parseLong(token) - 1), "--release");
            assertThat(staleToken.exitCode()).as(staleToken.toString()).isEqualTo(1);
            assertThat(staleToken.stderr()).contains("refused: the record's fencing token is now " + token);

            Path body = Files.writeString(workDir.resolve("reconciled.json"), "{\"id\":2,\"state\":\"reconciled\"}");
            AgentCli.Result completed = cli.run("resolve", "crash-complete", "--token", token, "--complete",
                    "--status", "201", "--body-file", body.toString(), "--header", "Location: /orders/2");
            assertThat(completed.exitCode()).as(completed.toString()).isZero();
            assertThat(completed.stdout()).contains("completed key 'crash-complete' (was UNKNOWN, token " + token + ")");
            Http.Response replay = Orders.create(service, "crash-complete", COMPLETE_LATER, Http.DEFAULT_TIMEOUT);
            assertThat(replay.status()).as(replay.body()).isEqualTo(201);
            assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
            assertThat(replay.body()).isEqualTo("{\"id\":2,\"state\":\"reconciled\"}");
            assertThat(replay.header("Location")).hasValue("/orders/2");
            assertThat(Orders.count(service)).as("the replay executed nothing").isEqualTo(ordersBefore);

            AgentCli.Result released = cli.run("resolve", "crash-release", "--release");
            assertThat(released.exitCode()).as(released.toString()).isZero();
            assertThat(released.stdout()).contains("released key 'crash-release' (was UNKNOWN");
            Http.Response again = Orders.create(service, "crash-release", RELEASE_LATER, Duration.ofSeconds(60));
            assertThat(again.status()).as(again.body()).isEqualTo(201);
            assertThat(again.header("Idempotent-Replayed")).isEmpty();
            assertThat(Orders.count(service)).as("the released key executed once more").isEqualTo(ordersBefore + 1);
            assertThat(cli.run("list", "--state", "unknown").stdout()).contains("0 UNKNOWN record(s)");

            int paymentsBefore = payments(service);
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                    .until(() -> cli.run("purge", "--dry-run").stdout().contains("dry run: 1 expired record(s)"));
            AgentCli.Result purged = cli.run("purge");
            assertThat(purged.exitCode()).as(purged.toString()).isZero();
            assertThat(purged.stdout()).contains("purged 1 expired record(s)");
            AgentCli.Result gone = cli.run("inspect", "pay-expiring");
            assertThat(gone.exitCode()).as(gone.toString()).isEqualTo(1);
            assertThat(gone.stderr()).contains("no record for key 'pay-expiring'");
            assertThat(pay(service, "pay-expiring").status()).isEqualTo(201);
            assertThat(payments(service)).as("the purged key executes anew").isEqualTo(paymentsBefore + 1);

            refusalsOfAWrongNote(cli, note, demo.pid());
            assertThat(Orders.count(service)).isEqualTo(ordersBefore + 1);

            demo.stop();
            assertThat(note).as("a service that stops removes its note").doesNotExist();
        }
    }

    /** Each wrong note is refused with exit status 1, and the service's own note then works again. */
    private static void refusalsOfAWrongNote(AgentCli cli, Path note, long pid) throws Exception {
        String own = Files.readString(note);
        Process finished = new ProcessBuilder("true").start();
        finished.waitFor(10, TimeUnit.SECONDS);
        try {
            Files.writeString(note, own.replace("pid=" + pid, "pid=" + finished.pid()));
            AgentCli.Result dead = cli.run("list", "--state", "unknown");
            assertThat(dead.exitCode()).as(dead.toString()).isEqualTo(1);
            assertThat(dead.stderr()).contains("is locked by another process",
                    "process " + finished.pid() + ", which " + note + " names, no longer runs");

            Files.writeString(note, own.replaceAll("secret=\\w+", "secret=guessed"));
            AgentCli.Result guessed = cli.run("resolve", "answered", "--release");
            assertThat(guessed.exitCode()).as(guessed.toString()).isEqualTo(1);
            assertThat(guessed.stderr()).contains("process " + pid + " refused the command");

            Files.delete(note);
            AgentCli.Result none = cli.run("purge");
            assertThat(none.exitCode()).as(none.toString()).isEqualTo(1);
            assertThat(none.stderr()).contains("no running service noted itself in " + note);
        } finally {
            Files.writeString(note, own);
        }
        AgentCli.Result restored = cli.run("inspect", "answered");
        assertThat(restored.exitCode()).as(restored.toString()).isZero();
        assertThat(restored.field("state")).isEqualTo("COMPLETED");
    }

    private static void inFlight(URI service, String key, String query) {
        CompletableFuture.runAsync(() -> {
            try {
                Orders.create(service, key, query, Duration.ofSeconds(90));
            } catch (RuntimeException killed) {
                // expected: the connection breaks when the JVM dies
            }
        });
    }

    private static Http.Response pay(URI service, String key) {
        return Http.to(service).postJson("/orders/1/payments", PAYMENT, Http.DEFAULT_TIMEOUT, "Idempotency-Key", key);
    }

    private static int payments(URI service) {
        return Http.to(service).get("/stats").json().get("payments").asInt();
    }
}
