package dev.idempotency.agent.core.deadline;

import dev.idempotency.agent.vocabulary.DeadlineFormat;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeadlineHeaderTest {

    private static final long NOW = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();

    @Test
    void relativeMillisAreTheRemainder() {
        assertThat(new DeadlineHeader("X-Deadline", DeadlineFormat.RELATIVE_MS).remainingMillis(List.of("1500"), NOW))
                .isEqualTo(1500L);
    }

    @Test
    void epochMillisAreComparedWithNow() {
        DeadlineHeader header = new DeadlineHeader("X-Deadline", DeadlineFormat.EPOCH_MS);
        assertThat(header.remainingMillis(List.of(Long.toString(NOW - 5)), NOW)).isEqualTo(-5L);
    }

    @Test
    void rfc3339IsComparedWithNow() {
        DeadlineHeader header = new DeadlineHeader("X-Deadline", DeadlineFormat.RFC3339);
        assertThat(header.remainingMillis(List.of("2026-01-01T00:00:02+00:00"), NOW)).isEqualTo(2000L);
    }

    @Test
    void absentOrUnreadableIsIgnored() {
        DeadlineHeader header = new DeadlineHeader("X-Deadline", DeadlineFormat.RFC3339);
        assertThat(header.remainingMillis(List.of(), NOW)).isNull();
        assertThat(header.remainingMillis(List.of("soon"), NOW)).isNull();
        assertThat(header.remainingMillis(List.of("1", "2"), NOW)).isNull();
    }
}
