package dev.idempotency.agent.core.deadline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.testing.TestClock;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What a downstream call carries of the client's deadline, in the format the endpoint read it in. */
class ChainDeadlineTest {

    private final TestClock clock = new TestClock();

    @Test
    void relativeIsWhatIsLeftWhenTheCallIsSentAndNeverBelowZero() {
        ChainDeadline deadline = new ChainDeadline("X-Deadline-Ms", DeadlineFormat.RELATIVE_MS,
                clock.currentTimeMillis() + 2000, clock);
        clock.advance(Duration.ofMillis(300));

        assertThat(deadline.value()).isEqualTo("1700");
        assertThat(deadline.remainingMillis()).isEqualTo(1700);
        clock.advance(Duration.ofMillis(2000));
        assertThat(deadline.value()).isEqualTo("0");
        assertThat(deadline.remainingMillis()).as("logged as sent after the deadline").isEqualTo(-300);
    }

    @Test
    void absoluteFormatsCarryTheDeadlineItself() {
        long at = clock.currentTimeMillis() + 2000;
        clock.advance(Duration.ofMillis(500));

        assertThat(new ChainDeadline("X-Deadline", DeadlineFormat.EPOCH_MS, at, clock).value()).isEqualTo(Long.toString(at));
        assertThat(new ChainDeadline("X-Deadline", DeadlineFormat.RFC3339, at, clock).value())
                .isEqualTo(Instant.ofEpochMilli(at).toString());
    }
}
