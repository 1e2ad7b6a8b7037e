package dev.idempotency.agent.metrics;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Count, mean, maximum and approximate percentiles of attempt durations. Percentiles come from
 * power-of-two microsecond buckets: a reported p99 is the upper edge of its bucket, so it may
 * overstate by up to a factor of two but never understate, and recording stays two adds.
 */
final class LatencySummary {

    private static final int BUCKETS = 40;

    private final LongAdder count = new LongAdder();
    private final LongAdder totalNanos = new LongAdder();
    private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0);
    private final LongAdder[] buckets = new LongAdder[BUCKETS];

    LatencySummary() {
        for (int i = 0; i < BUCKETS; i++) {
            buckets[i] = new LongAdder();
        }
    }

    void record(long nanos) {
        long positive = Math.max(0, nanos);
        count.increment();
        totalNanos.add(positive);
        maxNanos.accumulate(positive);
        buckets[bucketOf(positive)].increment();
    }

    long count() {
        return count.sum();
    }

    double meanMillis() {
        long n = count.sum();
        return n == 0 ? 0 : totalNanos.sum() / (double) n / 1e6;
    }

    double maxMillis() {
        return maxNanos.get() / 1e6;
    }

    /** The upper edge of the bucket holding the {@code quantile} (0..1) of durations; 0 when none. */
    double percentileMillis(double quantile) {
        long[] counts = new long[BUCKETS];
        long total = 0;
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] = buckets[i].sum();
            total += counts[i];
        }
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(quantile * total);
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(upperEdgeMicros(i) / 1e3, maxMillis());
            }
        }
        return maxMillis();
    }

    /** Bucket i holds durations below 2^i microseconds (bucket 0: below 1 µs). */
    private static int bucketOf(long nanos) {
        long micros = nanos / 1000;
        return Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(micros));
    }

    private static double upperEdgeMicros(int bucket) {
        return Math.pow(2, bucket);
    }
}
