package dev.idempotency.agent.core.decision;

import static dev.idempotency.agent.core.decision.GateFixture.orders;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.store.RecordState;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A claim never outlives its request: whatever fails while the outcome is taken or stored, or
 * when a request drops its execution unfinished, the lease stops being renewed and the record
 * ends UNKNOWN (the application ran), never IN_PROGRESS.
 */
class ClaimEndingTest {

    private static TestRequest create(String key) {
        return TestRequest.post("/orders").key(key).body("{}").build();
    }

    @Test
    void anOutOfMemoryErrorWhileTakingTheResponseEndsTheClaimUnknown() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1"));

        Execution.report(verdict.execution(), () -> {
            throw new OutOfMemoryError("Java heap space");
        }, null, () -> false);

        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.UNKNOWN);
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.EXECUTED);
        assertThat(event.errorType()).isEqualTo(ErrorType.AGENT_ERROR);
        assertThat(event.reason()).contains("OutOfMemoryError", "marked UNKNOWN");
        assertThat(fixture.listener.failures).singleElement().isInstanceOf(OutOfMemoryError.class);
    }

    @Test
    void anErrorWhileStoringEndsTheClaimUnknown() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1"));
        CapturedResponse exploding = new CapturedResponse() {
            @Override
            public int status() {
                return 201;
            }

            @Override
            public Map<String, List<String>> headers() {
                return Map.of();
            }

            @Override
            public byte[] body() {
                throw new OutOfMemoryError("Java heap space");
            }

            @Override
            public boolean bodyComplete() {
                return true;
            }
        };

        verdict.execution().finish(exploding, null, false);

        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.UNKNOWN);
        assertThat(fixture.listener.last().reason()).contains("could not be written", "marked UNKNOWN");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void anExecutionDroppedUnfinishedStopsBeingRenewedAndEndsUnknown() throws InterruptedException {
        GateFixture fixture = new GateFixture(orders());
        fixture.begin(create("k1")); // the adapter loses it without reporting an outcome
        assertThat(fixture.gate.leases().liveLeases()).hasSize(1);

        while (!fixture.gate.leases().liveLeases().isEmpty()) {
            System.gc();
            Thread.sleep(50);
        }

        // The cleaner reports the drop last, after marking the record: once reported, both are done.
        while (fixture.listener.failures.isEmpty()) {
            Thread.sleep(20);
        }
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.UNKNOWN);
        assertThat(fixture.listener.failures).singleElement().asString().contains("marked UNKNOWN");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFinishedExecutionIsNotEndedAgainWhenCollected() throws InterruptedException {
        GateFixture fixture = new GateFixture(orders());
        WeakReference<Execution> execution = finishedAndDropped(fixture, "k1");

        while (execution.get() != null) {
            System.gc();
            Thread.sleep(20);
        }

        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.listener.failures).isEmpty();
        assertThat(fixture.listener.events).extracting(AttemptEvent::decision).containsExactly(Decision.EXECUTED);
    }

    /** In its own frame, so that no local variable keeps the execution once it returns. */
    private static WeakReference<Execution> finishedAndDropped(GateFixture fixture, String key) {
        Execution execution = fixture.begin(create(key)).execution();
        execution.finish(TestResponse.status(201), null, false);
        return new WeakReference<>(execution);
    }
}
