package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2FileCompaction;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.load;
import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import dev.idempotency.agent.store.IdempotencyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The volume benchmark's purge: what has expired, deleted in the keeper's batches while claims run
 * beside it, and the report's rows of it.
 */
final class VolumePurge {

    static final int PURGE_BATCH = 500;

    private final IdempotencyStore requests;
    /** The SQL store whose writer compacts an H2 file; null for the file store. */
    private final JdbcIdempotencyStore store;
    private final VolumeOptions options;
    /** Sized for the run with {@code --buffer-pool} (MariaDB), else null. */
    private final InnoDbBufferPool bufferPool;
    /**
     * On MariaDB, InnoDB's reads and writes during the purge are told in any case; the wait for the
     * redo log only with {@code --buffer-pool}. Null on the other databases.
     */
    private final InnoDbBufferPool innoDb;
    private final long deadline;
    private final Runnable claimAndComplete;

    VolumePurge(IdempotencyStore requests, JdbcIdempotencyStore store, VolumeOptions options, InnoDbBufferPool bufferPool,
            InnoDbBufferPool innoDb, long deadline, Runnable claimAndComplete) {
        this.requests = requests;
        this.store = store;
        this.options = options;
        this.bufferPool = bufferPool;
        this.innoDb = innoDb;
        this.deadline = deadline;
        this.claimAndComplete = claimAndComplete;
    }

    /**
     * Purges what has expired in the keeper's batches while claims run beside it: on MariaDB with
     * {@code --buffer-pool}, the same records half with the pool sized for the run and half with the
     * server's own.
     */
    List<String> rows(LatencyHarness.Result before, long expired) throws Exception {
        List<String> rows = new ArrayList<>();
        rows.add("");
        rows.add("| purge | records | seconds | records/s | claim+complete p99 during / before (ms) | ratio |");
        rows.add("|---|---|---|---|---|---|");
        if (bufferPool == null) {
            rows.add(purgeRound("batches of " + PURGE_BATCH, Long.MAX_VALUE, before));
            return rows;
        }
        rows.add(purgeRound(String.format(Locale.ROOT, "batches of %d, buffer pool %,d MB", PURGE_BATCH,
                options.bufferPoolBytes >> 20), expired / 2, before));
        long size = bufferPool.resize(bufferPool.original());
        say("innodb_buffer_pool_size back to the server's own %,d bytes  (load %.1f)", size, load());
        rows.add(purgeRound(String.format(Locale.ROOT, "batches of %d, buffer pool %,d MB", PURGE_BATCH, size >> 20),
                Long.MAX_VALUE, before));
        return rows;
    }

    /** Purges in the keeper's batches until none are left or {@code limit} are gone, claims beside it; the report's row. */
    private String purgeRound(String name, long limit, LatencyHarness.Result before) throws Exception {
        long[] innoDbBefore = null;
        if (bufferPool != null) {
            bufferPool.settle();
        }
        if (innoDb != null) {
            innoDbBefore = innoDb.counters();
        }
        AtomicLong purged = new AtomicLong();
        AtomicBoolean done = new AtomicBoolean();
        long[] purgeNanos = new long[1];
        Thread purger = new Thread(() -> {
            long started = System.nanoTime();
            try {
                int deleted;
                do {
                    deleted = requests.purgeExpired(PURGE_BATCH);
                } while (deleted > 0 && purged.addAndGet(deleted) < limit && System.nanoTime() - deadline < 0);
            } finally {
                purgeNanos[0] = System.nanoTime() - started;
                done.set(true);
            }
        }, "volume-purge");
        LatencyHarness duringPurge = new LatencyHarness(options.threads, Duration.ZERO);
        H2FileCompaction compaction = VolumeChurn.compaction(store);
        long stepsBefore = compaction == null ? 0 : compaction.steps();
        long stepNanosBefore = compaction == null ? 0 : compaction.totalStepNanos();
        long movesBefore = compaction == null ? 0 : compaction.moves();
        purger.start();
        LatencyHarness.Result claims = duringPurge.run("claim+complete during purge", options.maxTime, done::get,
                (thread, n) -> claimAndComplete.run());
        purger.join();
        double seconds = purgeNanos[0] / 1e9;
        say("%s: purged %,d expired records in %.1f s: %,.0f records/s", name, purged.get(), seconds,
                purged.get() / seconds);
        say("%s  (load %.1f)", claims, load());
        if (compaction != null) {
            say("compaction during the purge: %,d steps (%,d moving chunks), %.0f ms in all, the longest so far %.2f ms",
                    compaction.steps() - stepsBefore, compaction.moves() - movesBefore,
                    (compaction.totalStepNanos() - stepNanosBefore) / 1e6, compaction.longestStepNanos() / 1e6);
        }
        if (innoDbBefore != null) {
            say("InnoDB meanwhile: %s", innoDb.activitySince(innoDbBefore));
        }
        return String.format(Locale.ROOT, "| %s | %,d | %.1f | %,.0f | %.2f / %.2f | %.2f |", name, purged.get(), seconds,
                purged.get() / seconds, claims.p99Millis, before.p99Millis, claims.p99Millis / before.p99Millis);
    }
}
