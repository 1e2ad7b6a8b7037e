package dev.idempotency.agent.core.decision;

import static dev.idempotency.agent.core.decision.GateFixture.orders;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.store.RecordState;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Outcomes written behind the response to a store that completes together (Redis): one writer
 * gathers them and hands the store every completion that arrived meanwhile in one call; each
 * outcome is still answered, logged and ended on its own, whatever the call did.
 */
class OutcomesGatheredTest {

    private static final String BODY = "{\"sku\":\"a\",\"qty\":1}";

    private final GateFixture fixture = gathering(orders().releaseOnStatus(Set.of(503)));

    private static GateFixture gathering(dev.idempotency.agent.vocabulary.EndpointSettings.Builder settings) {
        GateFixture fixture = new GateFixture(settings, store -> OutcomeWrites.behindResponse(2, store));
        fixture.store.completeTogether();
        return fixture;
    }

    @AfterEach
    void stopWriters() {
        fixture.outcomes.drain(5_000);
    }

    private static TestRequest create(String key) {
        return TestRequest.post("/orders").key(key).header("Content-Type", "application/json").body(BODY).build();
    }

    private void executeAndAnswer(String key, int status) {
        fixture.begin(create(key)).execution().finish(TestResponse.status(status).body("{\"id\":1}"), null, false);
    }

    @Test
    void outcomesThatArriveWhileAWriteIsInFlightAreWrittenTogetherInOneCall() {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        executeAndAnswer("k0", 201);
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.store.outcomeWritesWaiting() == 1);
        for (int i = 1; i <= 5; i++) {
            executeAndAnswer("k" + i, 201);
        }
        assertThat(fixture.outcomes.queued()).isEqualTo(6);
        assertThat(fixture.gate.leases().liveLeases()).as("renewed until written").hasSize(6);

        slowWrite.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.outcomes.queued() == 0);
        assertThat(fixture.store.completedTogether()).as("the first alone, the five behind it in one call")
                .containsExactly(1, 5);
        for (int i = 0; i <= 5; i++) {
            assertThat(fixture.record("k" + i).orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        }
        assertThat(fixture.listener.events).hasSize(6).allSatisfy(event -> {
            assertThat(event.decision()).isEqualTo(Decision.EXECUTED);
            assertThat(event.reason()).isEqualTo("executed; outcome stored");
            assertThat(event.status()).isEqualTo(201);
        });
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
    }

    @Test
    void aReleaseAmongThemIsWrittenAloneAndItsRetryExecutes() {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        executeAndAnswer("k0", 201);
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.store.outcomeWritesWaiting() == 1);
        executeAndAnswer("released", 503);
        executeAndAnswer("k1", 201);

        slowWrite.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.outcomes.queued() == 0);
        assertThat(fixture.store.completedTogether()).containsExactly(1, 1);
        assertThat(fixture.record("released")).isEmpty();
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.listener.events).extracting(AttemptEvent::decision)
                .containsExactlyInAnyOrder(Decision.EXECUTED, Decision.RELEASED, Decision.EXECUTED);
        assertThat(fixture.begin(create("released")).proceeds()).isTrue();
    }

    @Test
    void whenTheWriteTogetherFailsEachOutcomeIsLoggedAndItsKeyMarkedUnknown() {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        executeAndAnswer("k0", 201);
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.store.outcomeWritesWaiting() == 1);
        executeAndAnswer("k1", 201);
        executeAndAnswer("k2", 201);
        fixture.store.loseCompletionsTogether();

        slowWrite.countDown();

        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.outcomes.queued() == 0);
        for (String key : new String[] {"k0", "k1", "k2"}) {
            assertThat(fixture.record(key).orElseThrow().state()).as(key).isEqualTo(RecordState.UNKNOWN);
        }
        assertThat(fixture.listener.events).hasSize(3).allSatisfy(event -> {
            assertThat(event.decision()).isEqualTo(Decision.EXECUTED);
            assertThat(event.errorType()).isEqualTo(ErrorType.STORE_ERROR);
            assertThat(event.reason()).startsWith("executed, but the outcome could not be written")
                    .contains("connection reset before the completions were written")
                    .endsWith("the record was marked UNKNOWN for an operator to resolve");
        });
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
    }

    @Test
    void whatIsGatheredWhenTheJvmStopsIsWrittenFirstAndLaterOutcomesOnTheirRequestThreads() throws Exception {
        CountDownLatch slowWrite = fixture.store.holdOutcomeWrites();
        executeAndAnswer("k0", 201);
        await().atMost(Duration.ofSeconds(10)).until(() -> fixture.store.outcomeWritesWaiting() == 1);
        for (int i = 1; i <= 4; i++) {
            executeAndAnswer("k" + i, 201);
        }
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> fixture.outcomes.drain(10_000));
        Thread.sleep(100);
        assertThat(stopping).isNotDone();
        slowWrite.countDown();
        stopping.get(15, TimeUnit.SECONDS);

        for (int i = 0; i <= 4; i++) {
            assertThat(fixture.record("k" + i).orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        }
        executeAndAnswer("late", 201);
        assertThat(fixture.record("late").orElseThrow().state())
                .as("once the writers stopped, the request's own thread writes its outcome").isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.store.completedTogether()).as("the late one written alone").containsExactly(1, 4);
    }
}
