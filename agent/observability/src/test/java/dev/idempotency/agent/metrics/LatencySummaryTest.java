package dev.idempotency.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LatencySummaryTest {

    @Test
    void percentilesNeverUnderstateAndNeverExceedTheMaximum() {
        LatencySummary summary = new LatencySummary();
        for (int i = 0; i < 99; i++) {
            summary.record(1_000_000); // 1 ms
        }
        summary.record(500_000_000); // 500 ms
        assertThat(summary.count()).isEqualTo(100);
        assertThat(summary.percentileMillis(0.5)).isBetween(1.0, 2.1);
        assertThat(summary.percentileMillis(0.99)).isBetween(1.0, 2.1);
        assertThat(summary.percentileMillis(1.0)).isEqualTo(500.0);
        assertThat(summary.maxMillis()).isEqualTo(500.0);
        assertThat(summary.meanMillis()).isEqualTo(5.99);
    }

    @Test
    void isZeroWithoutAttempts() {
        LatencySummary summary = new LatencySummary();
        assertThat(summary.percentileMillis(0.99)).isZero();
        assertThat(summary.meanMillis()).isZero();
    }
}
