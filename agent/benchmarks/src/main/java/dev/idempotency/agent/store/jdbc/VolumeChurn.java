package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.core.decision.OutcomeWrites;
import dev.idempotency.agent.store.jdbc.h2.GroupCommit;
import dev.idempotency.agent.store.jdbc.h2.H2FileCompaction;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;

/**
 * Steady churn, a TTL's worth compressed in time: new keys claimed and completed through the
 * store's own API at the pace that keeps the given number of records live under the TTL, each
 * claim on its worker's thread and its completion behind it on the agent's own outcome writers
 * ({@link OutcomeWrites}), as a request's claim and outcome are written, while a purger deletes
 * expired records as the keeper does (batches while they come back full, then a pause). Every
 * sample reports the records, the bytes on disk, what the database itself counts as live (H2's
 * layout), and the latencies of the claims of that window, what a client waits for.
 */
final class VolumeChurn {

    private static final int PURGE_BATCH = 500;
    private static final Duration PURGE_PAUSE = Duration.ofSeconds(1);
    private static final Duration LEASE = Duration.ofSeconds(30);
    /** Below this share of the pace asked, a sample says the store fell behind. */
    private static final double KEPT_UP = 0.95;

    /** What the churn reads from the database at each sample. */
    interface Footprint {
        long records() throws Exception;

        long bytesOnDisk() throws Exception;

        /** Bytes the database counts as live data; -1 when it cannot tell. */
        long liveBytes() throws Exception;
    }

    private final IdempotencyStore store;
    /** A line on the store's work between writes (its compaction), after the run; null when it has none. */
    private final java.util.function.Supplier<String> idleWork;
    private final Footprint footprint;
    private final int threads;
    private final long liveRecords;
    private final Duration ttl;
    private final Duration runFor;
    private final Duration sampleEvery;
    private final StoredResponse[] responses;
    private final List<String> rows = new ArrayList<>();
    /** New keys a second asked: the pace that keeps {@link #liveRecords} live under the TTL. */
    private final double pace;

    VolumeChurn(IdempotencyStore store, Footprint footprint, VolumeOptions options, StoredResponse[] responses,
            java.util.function.Supplier<String> idleWork) {
        this.store = store;
        this.idleWork = idleWork;
        this.footprint = footprint;
        this.threads = options.threads;
        this.liveRecords = options.churnLive;
        this.ttl = options.churnTtl;
        this.runFor = options.churnTime;
        this.sampleEvery = options.churnSample;
        this.responses = responses;
        this.pace = liveRecords / (double) ttl.toSeconds();
    }

    /** The H2 SQL store's compaction, as {@code idleWork}; null for another store. */
    static String h2Compaction(JdbcIdempotencyStore store) {
        H2FileCompaction compaction = compaction(store);
        return compaction == null ? null
                : String.format(Locale.ROOT, "compaction on the writer: %,d steps, the longest %.2f ms",
                        compaction.steps(), compaction.longestStepNanos() / 1e6);
    }

    /** Runs the churn; returns the report's rows (a Markdown table). */
    List<String> run() throws InterruptedException {
        say("churn: %,d live records, TTL %d s: %,.0f new keys/s on %d threads, purge in batches of %d, "
                + "for %d s, a sample every %d s", liveRecords, ttl.toSeconds(), pace, threads, PURGE_BATCH,
                runFor.toSeconds(), sampleEvery.toSeconds());
        rows.add("| s | records | bytes on disk | bytes per record | live bytes (database's count) | disk / live "
                + "| new keys/s | claim p50 / p99 / max ms | purged |");
        rows.add("|---|---|---|---|---|---|---|---|---|");
        AtomicBoolean stop = new AtomicBoolean();
        Window[] windows = new Window[threads];
        for (int t = 0; t < threads; t++) {
            windows[t] = new Window();
        }
        AtomicLong purged = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        OutcomeWrites outcomes = OutcomeWrites.behindResponse(OutcomeWrites.WRITERS);
        long start = System.nanoTime();
        long intervalNanos = (long) (threads * 1e9 / pace);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Window window = windows[t];
            long offset = t * intervalNanos / threads;
            workers.add(start(() -> {
                long next = start + offset;
                long n = 0;
                while (!stop.get()) {
                    LockSupport.parkNanos(next - System.nanoTime());
                    next += intervalNanos;
                    long began = System.nanoTime();
                    try {
                        claimWithOutcomeBehind(responses[(int) (n++ % responses.length)], outcomes, failures);
                        window.add(System.nanoTime() - began);
                    } catch (RuntimeException | AssertionError e) {
                        if (failures.getAndIncrement() == 0) {
                            say("churn: first failure: %s", e);
                        }
                    }
                }
            }, "churn-" + t));
        }
        workers.add(start(() -> {
            while (!stop.get()) {
                try {
                    int deleted = store.purgeExpired(PURGE_BATCH);
                    purged.addAndGet(deleted);
                    if (deleted < PURGE_BATCH) {
                        pause(stop);
                    }
                } catch (RuntimeException e) {
                    say("churn: purge failed: %s", e);
                    pause(stop);
                }
            }
        }, "churn-purge"));
        long end = start + runFor.toNanos();
        long lastSample = start;
        long[] all = new long[0];
        while (System.nanoTime() - end < 0) {
            long wake = Math.min(end, lastSample + sampleEvery.toNanos());
            TimeUnit.NANOSECONDS.sleep(Math.max(0, wake - System.nanoTime()));
            long now = System.nanoTime();
            long[] latencies = drain(windows);
            all = concat(all, latencies);
            sample((now - start) / 1e9, latencies, (now - lastSample) / 1e9, purged.get());
            lastSample = now;
        }
        stop.set(true);
        for (Thread worker : workers) {
            worker.join();
        }
        outcomes.drain(Duration.ofSeconds(30).toMillis());
        rows.add(summary(all, (System.nanoTime() - start) / 1e9, failures.get()));
        String idle = idleWork.get();
        if (idle != null) {
            rows.add("");
            rows.add(idle);
        }
        return rows;
    }

    /** The H2 store's compaction on its writer; null for another database, write strategy or no JDBC store. */
    static H2FileCompaction compaction(JdbcIdempotencyStore store) {
        if (store == null) {
            return null;
        }
        WriteStrategy writes = store.writeStrategy();
        return writes instanceof GroupCommit && ((GroupCommit) writes).idleWork instanceof H2FileCompaction
                ? (H2FileCompaction) ((GroupCommit) writes).idleWork
                : null;
    }

    private void sample(double at, long[] latencies, double seconds, long purged) {
        Arrays.sort(latencies);
        long records = -1;
        long bytes = -1;
        long live = -1;
        try {
            records = footprint.records();
            bytes = footprint.bytesOnDisk();
            live = footprint.liveBytes();
        } catch (Exception e) {
            say("churn: sample failed: %s", e);
        }
        double rate = latencies.length / seconds;
        String row = String.format(Locale.ROOT, "| %.0f | %,d | %,d | %,d | %s | %s | %,.0f | %s | %,d |", at, records,
                bytes, bytes / Math.max(1, records), live < 0 ? "" : String.format(Locale.ROOT, "%,d", live),
                live <= 0 ? "" : String.format(Locale.ROOT, "%.2f", bytes / (double) live),
                rate, percentiles(latencies), purged);
        rows.add(row);
        say("%s", row);
        sayIfBehind(rate);
        String idle = idleWork.get();
        if (idle != null) {
            say("churn: %s", idle);
        }
    }

    /**
     * Each thread claims at its due time or, when its last claim took longer, at once: a store that
     * falls behind lowers the rate and queues claims, and the latencies, counted from when a thread
     * got to its claim, do not show the queue. So the sample says so.
     */
    private void sayIfBehind(double rate) {
        if (rate < pace * KEPT_UP) {
            say("churn: the store fell behind: %,.0f new keys/s against the %,.0f asked; the claims' latencies "
                    + "count from when a thread got to each claim, not from when it was due", rate, pace);
        }
    }

    private static String summary(long[] all, double seconds, long failures) {
        Arrays.sort(all);
        return String.format(Locale.ROOT, "| all | | | | | | %,.0f | %s | failures: %d |", all.length / seconds,
                percentiles(all), failures);
    }

    private static String percentiles(long[] sorted) {
        if (sorted.length == 0) {
            return "";
        }
        return String.format(Locale.ROOT, "%.2f / %.2f / %.2f", sorted[sorted.length / 2] / 1e6,
                sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] / 1e6, sorted[sorted.length - 1] / 1e6);
    }

    private void claimWithOutcomeBehind(StoredResponse response, OutcomeWrites outcomes, AtomicLong failures) {
        String key = UUID.randomUUID().toString();
        ClaimResult claim = store.claim(new ClaimRequest("", key, "POST /orders",
                "3f2a9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f", "volume-churn", "req-" + key,
                LEASE, ttl));
        if (!claim.claimed()) {
            throw new AssertionError("a new key was not claimed: " + key);
        }
        long token = claim.record().fencingToken();
        outcomes.write("", key, token, () -> {
            try {
                if (!store.complete("", key, token, response, ttl)) {
                    throw new AssertionError("a claimed key was not completed: " + key);
                }
            } catch (RuntimeException | AssertionError e) {
                if (failures.getAndIncrement() == 0) {
                    say("churn: first failure: %s", e);
                }
            }
        });
    }

    private static long[] drain(Window[] windows) {
        long[] all = new long[0];
        for (Window window : windows) {
            all = concat(all, window.drain());
        }
        return all;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    /** The keeper's rest after a short batch (shortened when the run ends). */
    private static void pause(AtomicBoolean stop) {
        long until = System.nanoTime() + PURGE_PAUSE.toNanos();
        while (!stop.get() && System.nanoTime() - until < 0) {
            LockSupport.parkNanos(10_000_000L);
        }
    }

    private static Thread start(Runnable work, String name) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** One thread's latencies since the last sample. */
    private static final class Window {
        private long[] latencies = new long[1024];
        private int size;

        synchronized void add(long nanos) {
            if (size == latencies.length) {
                latencies = Arrays.copyOf(latencies, size * 2);
            }
            latencies[size++] = nanos;
        }

        synchronized long[] drain() {
            long[] taken = Arrays.copyOf(latencies, size);
            size = 0;
            return taken;
        }
    }
}
