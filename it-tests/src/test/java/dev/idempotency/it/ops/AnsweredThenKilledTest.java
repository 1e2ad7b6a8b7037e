package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The crash window of an outcome written behind the response: the client has its 201, the store
 * has not yet taken the outcome (the relay to it is frozen), and the JVM is killed. The claim was
 * durable before the handler ran, so after the restart the key answers "outcome unknown", never
 * runs the operation a second time. The client's answer did not wait for the store.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AnsweredThenKilledTest {

    /** The handler commits its order, then sleeps this long before answering. */
    private static final String SLEEP_THEN_ANSWER = "?delayMs=1500";

    @TempDir
    Path workDir;

    @ParameterizedTest
    @EnumSource(StoreDatabases.class)
    void anAnswerWhoseOutcomeTheStoreNeverTookEndsUnknownAfterAKill(StoreDatabases database) throws Exception {
        try (RelayedStore store = RelayedStore.of(database);
                DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(store.config().writeTo(workDir))
                        .start()) {
            URI uri = demo.baseUri();
            assertThat(Orders.create(uri, "before", "", Http.DEFAULT_TIMEOUT).status()).isEqualTo(201);
            int before = Orders.count(uri);

            CompletableFuture<Http.Response> answered = CompletableFuture.supplyAsync(
                    () -> Orders.create(uri, "answered", SLEEP_THEN_ANSWER, Duration.ofSeconds(30)));
            await().atMost(Duration.ofSeconds(20)).until(() -> Orders.count(uri) == before + 1);
            store.relay().freeze();

            Http.Response answer = answered.get(30, TimeUnit.SECONDS);
            assertThat(answer.status()).as(answer.body()).isEqualTo(201);
            assertThat(answer.header("Idempotent-Replayed")).isEmpty();
            assertThat(database.stateOf(store.table(), "answered"))
                    .as("the client has its answer; the store has the claim only").isEqualTo("IN_PROGRESS");

            demo.kill();
            long killedAt = System.nanoTime();
            store.relay().restore();
            demo.restart();
            Orders.awaitLeasesOfTheKilledLapsed(killedAt);

            Http.Response retry = Orders.create(demo.baseUri(), "answered", SLEEP_THEN_ANSWER, Http.DEFAULT_TIMEOUT);
            assertThat(retry.status()).as(retry.body()).isEqualTo(409);
            assertThat(Orders.problemType(retry)).endsWith(Orders.OUTCOME_UNKNOWN);
            assertThat(Orders.count(demo.baseUri())).as("the operation ran once").isEqualTo(before + 1);
            assertThat(database.stateOf(store.table(), "answered")).isEqualTo("UNKNOWN");
        }
    }
}
