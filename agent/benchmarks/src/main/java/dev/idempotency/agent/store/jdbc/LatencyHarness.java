package dev.idempotency.agent.store.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/**
 * Runs one operation on several threads, a warm-up first, and reports the latencies of the
 * measured part: the same harness for the empty and the filled table.
 */
final class LatencyHarness {

    /** One operation of one thread; its argument counts the thread's operations so far. */
    interface Operation {
        void run(int thread, long n) throws Exception;
    }

    /** What a phase measured. */
    static final class Result {
        final String name;
        final long operations;
        final double seconds;
        final double p50Millis;
        final double p99Millis;
        final double maxMillis;
        final long failures;
        /** The first failure's message, to tell a slow store from a wrong answer. */
        String firstFailure = "";

        Result(String name, long[] latencies, double seconds, long failures) {
            this.name = name;
            this.operations = latencies.length;
            this.seconds = seconds;
            Arrays.sort(latencies);
            this.p50Millis = latencies.length == 0 ? Double.NaN : latencies[latencies.length / 2] / 1e6;
            this.p99Millis = latencies.length == 0 ? Double.NaN
                    : latencies[Math.min(latencies.length - 1, (int) (latencies.length * 0.99))] / 1e6;
            this.maxMillis = latencies.length == 0 ? Double.NaN : latencies[latencies.length - 1] / 1e6;
            this.failures = failures;
        }

        double opsPerSecond() {
            return operations / seconds;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%-40s %,9d ops %,9.0f ops/s  p50 %7.2f ms  p99 %7.2f ms%s", name,
                    operations, opsPerSecond(), p50Millis, p99Millis, failures > 0 ? "  failures " + failures + " (first: " + firstFailure + ")" : "");
        }
    }

    private final int threads;
    private final Duration warmUp;

    LatencyHarness(int threads, Duration warmUp) {
        this.threads = threads;
        this.warmUp = warmUp;
    }

    /** Runs for the warm-up, then for {@code measure}, or until {@code done} says so once the warm-up is over. */
    Result run(String name, Duration measure, BooleanSupplier done, Operation operation) throws InterruptedException {
        long start = System.nanoTime();
        long measureFrom = start + warmUp.toNanos();
        long end = measureFrom + measure.toNanos();
        List<long[]> perThread = new ArrayList<>();
        long[] counts = new long[threads];
        long[] failures = new long[threads];
        long[] stoppedAt = new long[threads];
        String[] firstFailure = {null};
        CountDownLatch finished = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            long[][] latencies = {new long[1 << 14]};
            perThread.add(null);
            int thread = t;
            Thread worker = new Thread(() -> {
                long n = 0;
                int recorded = 0;
                try {
                    while (true) {
                        long now = System.nanoTime();
                        if (now - end > 0 || (now - measureFrom > 0 && done.getAsBoolean())) {
                            break;
                        }
                        try {
                            operation.run(thread, n++);
                        } catch (Exception | AssertionError e) {
                            failures[thread]++;
                            synchronized (firstFailure) {
                                if (firstFailure[0] == null) {
                                    firstFailure[0] = String.valueOf(e.getMessage());
                                }
                            }
                            continue;
                        }
                        if (now - measureFrom > 0) {
                            if (recorded == latencies[0].length) {
                                latencies[0] = Arrays.copyOf(latencies[0], recorded * 2);
                            }
                            latencies[0][recorded++] = System.nanoTime() - now;
                        }
                    }
                } finally {
                    counts[thread] = recorded;
                    stoppedAt[thread] = System.nanoTime();
                    synchronized (perThread) {
                        perThread.set(thread, Arrays.copyOf(latencies[0], recorded));
                    }
                    finished.countDown();
                }
            }, "volume-" + name + "-" + t);
            worker.start();
        }
        finished.await();
        long last = Arrays.stream(stoppedAt).max().orElse(end);
        long[] all = perThread.stream().flatMapToLong(Arrays::stream).toArray();
        Result result = new Result(name, all, Math.max(1e-9, (last - measureFrom) / 1e9), Arrays.stream(failures).sum());
        result.firstFailure = firstFailure[0] == null ? "" : firstFailure[0];
        return result;
    }
}
