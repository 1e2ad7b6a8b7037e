package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The count of failed requests comes once per interval, with the failures since the last line. */
class StoreFailureDigestTest {

    private static final long START = Instant.parse("2026-01-05T10:00:00Z").toEpochMilli();

    private final AtomicLong now = new AtomicLong(START);
    private final List<String> lines = new ArrayList<>();
    private final StoreFailureDigest digest = new StoreFailureDigest(Duration.ofMinutes(1), now::get, lines::add);

    @Test
    void saysTheCountAtMostOncePerInterval() {
        for (int second = 0; second < 150; second++) {
            digest.onAttempt(event(Decision.STORE_UNAVAILABLE, 503));
            digest.onAttempt(event(Decision.EXECUTED, 201));
            now.addAndGet(1000);
        }

        assertThat(lines).containsExactly(
                "store still failing: 61 requests answered 503 since 2026-01-05T10:00:00Z",
                "store still failing: 60 requests answered 503 since 2026-01-05T10:01:00Z");
    }

    @Test
    void countsFailOpenRequestsApart() {
        digest.onAttempt(event(Decision.STORE_UNAVAILABLE, 503));
        digest.onAttempt(event(Decision.STORE_UNAVAILABLE, 0));
        now.addAndGet(Duration.ofMinutes(1).toMillis());
        digest.onAttempt(event(Decision.STORE_UNAVAILABLE, 0));

        assertThat(lines).containsExactly(
                "store still failing: 1 requests answered 503 since 2026-01-05T10:00:00Z, 2 ran unprotected (fail-open)");
    }

    private static AttemptEvent event(Decision decision, int status) {
        return AttemptEvent.builder().timestamp(Instant.ofEpochMilli(START)).decision(decision).status(status).build();
    }
}
