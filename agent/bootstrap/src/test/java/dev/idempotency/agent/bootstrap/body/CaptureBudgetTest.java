package dev.idempotency.agent.bootstrap.body;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Response copies in flight share one budget for the JVM; a copy that would pass it keeps nothing. */
class CaptureBudgetTest {

    private long before;

    @BeforeEach
    void smallBudget() {
        before = CaptureBudget.total();
        CaptureBudget.set(100);
    }

    @AfterEach
    void restore() {
        CaptureBudget.set(before);
    }

    @Test
    void aCopyThatWouldPassTheBudgetIsNotRetainedWhileTheOthersAre() {
        ResponseBodyCopy first = new ResponseBodyCopy(1_000);
        ResponseBodyCopy second = new ResponseBodyCopy(1_000);

        first.write(new byte[60], 0, 60);
        second.write(new byte[30], 0, 30);
        second.write(new byte[30], 0, 30);

        assertThat(CaptureBudget.available()).as("the cut copy gave its 30 back").isEqualTo(40);
        CapturedResponse kept = first.captured(201, Map.of());
        CapturedResponse cut = second.captured(201, Map.of());
        assertThat(CaptureBudget.available()).isEqualTo(100);
        assertThat(kept.bodyComplete()).isTrue();
        assertThat(kept.body()).hasSize(60);
        assertThat(cut.bodyComplete()).as("over the budget: status and headers only").isFalse();
        assertThat(cut.body()).isEmpty();
    }

    @Test
    void takingClearingOrCuttingACopyGivesItsBytesBack() {
        ResponseBodyCopy copy = new ResponseBodyCopy(1_000);
        copy.write(new byte[80], 0, 80);
        assertThat(CaptureBudget.available()).isEqualTo(20);

        copy.clear();
        assertThat(CaptureBudget.available()).isEqualTo(100);

        copy.write(new byte[50], 0, 50);
        copy.captured(200, Map.of());
        assertThat(CaptureBudget.available()).isEqualTo(100);

        ResponseBodyCopy overItsCap = new ResponseBodyCopy(40);
        overItsCap.write(new byte[30], 0, 30);
        overItsCap.write(new byte[30], 0, 30);
        assertThat(CaptureBudget.available()).isEqualTo(100);
    }

    @Test
    void aCopyDroppedBeforeItWasTakenGivesItsBytesBackWhenCollected() throws InterruptedException {
        new ResponseBodyCopy(1_000).write(new byte[70], 0, 70);
        assertThat(CaptureBudget.available()).isEqualTo(30);

        for (int i = 0; i < 200 && CaptureBudget.available() != 100; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(CaptureBudget.available()).isEqualTo(100);
    }
}
