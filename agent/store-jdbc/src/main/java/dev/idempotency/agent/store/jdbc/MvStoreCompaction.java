package dev.idempotency.agent.store.jdbc;

import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;

/**
 * One bounded compaction step on an MVStore file, for a store's only writer to take between its
 * batches while no write waits, at most every {@value #STEP_EVERY_MILLIS} ms, until a step finds
 * nothing left. Every commit writes a new chunk, and a chunk is freed only when none of its pages
 * is live any more: under churn, chunks that keep a few live pages pile up. A step rewrites the
 * live pages of the emptiest chunks (at most {@value #REWRITE_BYTES} bytes, committed at once, so
 * the chunks they leave are freed after the retention time) and, while the file has gaps, moves
 * chunks from its end into them (at most {@value #MOVE_BYTES} bytes) and shortens it. Both are
 * MVStore's own operations, bounded by bytes, so a write arriving meanwhile waits for one step at
 * most. Used by the SQL store's H2 file ({@link H2FileCompaction}) and by the file store on
 * MVStore alone.
 */
public final class MvStoreCompaction {

    /** Compact while less of the chunks (or of the file) than this percentage is live. */
    static final int TARGET_FILL_PERCENT = 90;
    static final int REWRITE_BYTES = 256 * 1024;
    static final long MOVE_BYTES = 1024 * 1024;
    public static final long STEP_EVERY_MILLIS = 50;

    private long lastStep = System.nanoTime();
    private volatile long steps;
    private volatile long longestStepNanos;
    private volatile long totalStepNanos;
    private volatile long moves;

    /**
     * One step on {@code store}, or none if the last was less than {@value #STEP_EVERY_MILLIS} ms
     * ago; false when it found nothing to do.
     */
    public boolean step(MVStore store) {
        long started = System.nanoTime();
        if (started - lastStep < STEP_EVERY_MILLIS * 1_000_000L) {
            return true;
        }
        lastStep = started;
        boolean rewrote = store.compact(TARGET_FILL_PERCENT, REWRITE_BYTES);
        if (rewrote) {
            store.commit();
        }
        FileStore<?> file = store.getFileStore();
        boolean moved = file instanceof RandomAccessStore && file.getFillRate() < TARGET_FILL_PERCENT;
        if (moved) {
            ((RandomAccessStore) file).compactMoveChunks(TARGET_FILL_PERCENT, MOVE_BYTES, store);
        }
        long took = System.nanoTime() - started;
        steps++;
        totalStepNanos += took;
        if (moved) {
            moves++;
        }
        longestStepNanos = Math.max(longestStepNanos, took);
        return rewrote || moved;
    }

    /** Steps taken so far (for benchmarks). */
    public long steps() {
        return steps;
    }

    /** The time spent in steps so far (for benchmarks). */
    public long totalStepNanos() {
        return totalStepNanos;
    }

    /** Steps so far that moved chunks (for benchmarks). */
    public long moves() {
        return moves;
    }

    /** The longest step so far: the longest a write could have waited for compaction. */
    public long longestStepNanos() {
        return longestStepNanos;
    }
}
