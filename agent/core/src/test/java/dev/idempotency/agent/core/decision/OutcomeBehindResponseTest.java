package dev.idempotency.agent.core.decision;

import static dev.idempotency.agent.core.decision.GateFixture.header;
import static dev.idempotency.agent.core.decision.GateFixture.orders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.store.RecordState;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Outcomes written behind the response: the request's thread returns at once, the claim's lease
 * stays live until the outcome is written, and a retry that reaches this JVM meanwhile waits for
 * the write and replays it, never hearing "in progress" and never executing again.
 */
class OutcomeBehindResponseTest {

    private static final String BODY = "{\"sku\":\"a\",\"qty\":1}";

    private final OutcomeWrites outcomes = OutcomeWrites.behindResponse(2);
    private final GateFixture fixture = new GateFixture(orders(), outcomes);

    @AfterEach
    void stopWriters() {
        outcomes.drain(5_000);
    }

    private static TestRequest create(String key) {
        return TestRequest.post("/orders").key(key).header("Content-Type", "application/json").body(BODY).build();
    }

    private static TestResponse created() {
        return TestResponse.status(201).header("Content-Type", "application/json").body("{\"id\":1}");
    }

    @Test
    void theRequestReturnsBeforeTheOutcomeIsWrittenAndKeepsItsLeaseUntilItIs() {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        Verdict first = fixture.begin(create("k1"));

        first.execution().finish(created(), null, false);

        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(fixture.gate.leases().liveLeases()).as("renewed while the outcome waits to be written").hasSize(1);
        assertThat(outcomes.queued()).isEqualTo(1);
        assertThat(fixture.listener.events).as("the attempt is logged once its outcome is written").isEmpty();

        slowWrite.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.record("k1").orElseThrow().state() == RecordState.COMPLETED);
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.gate.leases().size() == 0 && outcomes.queued() == 0);
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.EXECUTED);
        assertThat(fixture.listener.last().reason()).isEqualTo("executed; outcome stored");
    }

    @Test
    void aRetryReachingThisJvmBeforeTheWriteWaitsForItAndReplaysIt() throws Exception {
        GateFixture fixture = new GateFixture(orders().inFlightWait(Duration.ZERO), outcomes);
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        fixture.begin(create("k1")).execution().finish(created(), null, false);

        // An endpoint that waits for no request in flight: the retry waits for the write of one that answered.
        CompletableFuture<Verdict> retry = CompletableFuture.supplyAsync(() -> fixture.begin(create("k1")));
        Thread.sleep(200);
        assertThat(retry).as("the retry waits for the write").isNotDone();
        slowWrite.countDown();

        Verdict replay = retry.get(10, TimeUnit.SECONDS);
        assertThat(replay.proceeds()).as("never a second execution").isFalse();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(new String(replay.body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":1}");
        assertThat(header(replay, "Idempotent-Replayed")).isEqualTo("true");
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.listener.events.size() == 2);
        assertThat(fixture.listener.events).extracting(event -> event.decision())
                .containsExactlyInAnyOrder(Decision.EXECUTED, Decision.REPLAYED);
    }

    @Test
    void aRetryWhoseClaimReadTheRecordJustBeforeTheWriteEndedStillReplays() {
        GateFixture fixture = new GateFixture(orders().inFlightWait(Duration.ZERO), outcomes);
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        fixture.begin(create("k1")).execution().finish(created(), null, false);
        // The retry's claim reads the record in progress; then the write ends, before the retry looks for it.
        fixture.store.afterNextClaim(() -> {
            slowWrite.countDown();
            await().atMost(Duration.ofSeconds(10)).until(() -> outcomes.queued() == 0);
        });

        Verdict replay = fixture.begin(create("k1"));

        assertThat(replay.proceeds()).isFalse();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(header(replay, "Idempotent-Replayed")).isEqualTo("true");
    }

    @Test
    void aRetryWithAnotherBodyBeforeTheReleaseIsWrittenWaitsForItAndExecutes() throws Exception {
        GateFixture releasing = new GateFixture(orders().releaseOnStatus(Set.of(503)).inFlightWait(Duration.ZERO),
                outcomes);
        CountDownLatch slowWrite = releasing.store.holdOutcomeWrites();
        releasing.begin(create("k1")).execution().finish(TestResponse.status(503), null, false);

        CompletableFuture<Verdict> retry = CompletableFuture.supplyAsync(() -> releasing.begin(
                TestRequest.post("/orders").key("k1").header("Content-Type", "application/json")
                        .body("{\"sku\":\"b\",\"qty\":2}").build()));
        Thread.sleep(200);
        assertThat(retry).as("the retry waits for the release, not judged on the claim it frees").isNotDone();
        slowWrite.countDown();

        assertThat(retry.get(10, TimeUnit.SECONDS).proceeds()).as("the released key executes the new request").isTrue();
    }

    @Test
    void aReleaseIsWrittenBehindTheResponseTooAndTheRetryThenExecutes() {
        GateFixture releasing = new GateFixture(orders().releaseOnStatus(Set.of(503)), outcomes);
        releasing.begin(create("k1")).execution().finish(TestResponse.status(503), null, false);
        await().atMost(Duration.ofSeconds(10)).until(() -> !releasing.record("k1").isPresent());
        assertThat(releasing.listener.last().decision()).isEqualTo(Decision.RELEASED);

        Verdict retry = releasing.begin(create("k1"));
        assertThat(retry.proceeds()).isTrue();
        retry.execution().finish(created(), null, false);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> releasing.record("k1").orElseThrow().state() == RecordState.COMPLETED);
    }

    @Test
    void beyondAFullQueueTheRequestWritesItsOwnOutcomeBeforeItsAnswerEnds() throws Exception {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        int writersAndQueue = 2 + OutcomeWrites.QUEUE;
        for (int i = 0; i < 2; i++) {
            fixture.begin(create("k" + i)).execution().finish(created(), null, false);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.store.outcomeWritesWaiting() == 2);
        for (int i = 2; i < writersAndQueue; i++) {
            fixture.begin(create("k" + i)).execution().finish(created(), null, false);
        }
        assertThat(outcomes.queued()).isEqualTo(writersAndQueue);

        CompletableFuture<Void> overflow = CompletableFuture.runAsync(
                () -> fixture.begin(create("overflow")).execution().finish(created(), null, false));
        Thread.sleep(200);
        assertThat(overflow).as("the request's own thread is writing, held like the writers").isNotDone();
        slowWrite.countDown();
        overflow.get(10, TimeUnit.SECONDS);

        assertThat(fixture.record("overflow").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        await().atMost(Duration.ofSeconds(10)).until(() -> outcomes.queued() == 0);
        for (int i = 0; i < writersAndQueue; i++) {
            assertThat(fixture.record("k" + i).orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        }
    }

    @Test
    void whatIsQueuedWhenTheJvmStopsIsWrittenFirst() throws Exception {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        for (int i = 0; i < 5; i++) {
            fixture.begin(create("k" + i)).execution().finish(created(), null, false);
        }
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> outcomes.drain(10_000));
        Thread.sleep(100);
        assertThat(stopping).isNotDone();
        slowWrite.countDown();
        stopping.get(15, TimeUnit.SECONDS);

        for (int i = 0; i < 5; i++) {
            assertThat(fixture.record("k" + i).orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        }
        fixture.store.holdOutcomeWrites().countDown();
        fixture.begin(create("late")).execution().finish(created(), null, false);
        assertThat(fixture.record("late").orElseThrow().state())
                .as("once the writers stopped, the request's own thread writes its outcome").isEqualTo(RecordState.COMPLETED);
    }
}
