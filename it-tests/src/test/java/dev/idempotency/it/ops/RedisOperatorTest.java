package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's commands on the Redis store, as on SQL: an instance dies mid-request (kill -9
 * after the order is written), the key turns UNKNOWN at its retry, {@code list} and {@code inspect}
 * show it, {@code resolve --complete} gives the retries the outcome the operator found, and
 * {@code purge --dry-run} and {@code status} answer.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisOperatorTest {

    @TempDir
    Path workDir;

    @Test
    void aKeyAnInstanceDiedWithIsListedInspectedAndResolved() {
        RedisSharedStoreTest.requireRedis();
        String table = StoreDatabases.uniqueTable();
        Path config = new OpsConfig().store(RedisSharedStoreTest.URL, null, table).writeTo(workDir);
        AgentCli cli = new AgentCli(workDir, config);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI beforeCrash = demo.baseUri();
            Orders.inFlight(beforeCrash, "died", Orders.SLEEP_AFTER_COMMIT);
            await().atMost(Duration.ofSeconds(30)).until(() -> Orders.count(beforeCrash) == 1);
            demo.kill();
            long killedAt = System.nanoTime();
            demo.restart();

            Orders.awaitLeasesOfTheKilledLapsed(killedAt);
            Http.Response unknown = Orders.create(demo.baseUri(), "died", Orders.SLEEP_AFTER_COMMIT, Http.DEFAULT_TIMEOUT);
            assertThat(unknown.status()).as(unknown.body()).isEqualTo(409);
            assertThat(Orders.problemType(unknown)).endsWith(Orders.OUTCOME_UNKNOWN);

            AgentCli.Result listed = cli.run("list", "--state", "unknown");
            assertThat(listed.exitCode()).as(listed.toString()).isZero();
            assertThat(listed.stdout()).contains("died").contains("1 UNKNOWN record(s)");
            AgentCli.Result inspected = cli.run("inspect", "died");
            assertThat(inspected.field("state")).isEqualTo("UNKNOWN");

            AgentCli.Result resolved = cli.run("resolve", "died", "--complete", "--status", "201",
                    "--token", inspected.field("fencing-token"));
            assertThat(resolved.exitCode()).as(resolved.toString()).isZero();
            Http.Response replayed = Orders.create(demo.baseUri(), "died", Orders.SLEEP_AFTER_COMMIT, Http.DEFAULT_TIMEOUT);
            assertThat(replayed.status()).isEqualTo(201);
            assertThat(replayed.header("Idempotent-Replayed")).hasValue("true");
            assertThat(Orders.items(demo.baseUri())).as("executed once, before the crash").containsExactly("died");

            AgentCli.Result purge = cli.run("purge", "--dry-run");
            assertThat(purge.exitCode()).as(purge.toString()).isZero();
            AgentCli.Result status = cli.runWithoutConfig("status", Long.toString(demo.pid()));
            assertThat(status.stdout()).as(status.toString()).contains("store: redis, reachable");
        } finally {
            RedisSharedStoreTest.deleteTable(table);
        }
    }
}
