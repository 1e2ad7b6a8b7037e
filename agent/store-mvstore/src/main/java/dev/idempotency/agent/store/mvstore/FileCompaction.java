package dev.idempotency.agent.store.mvstore;

import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;

/**
 * Keeps the file near the size of its live records. Every commit writes a new chunk, and a chunk
 * is freed only when none of its pages is live any more: under churn, chunks that keep a few live
 * pages pile up. So the writer, while no change waits and at most every
 * {@value #STEP_EVERY_MILLIS} ms, takes a step until one finds nothing left (then again after the
 * next commit): it rewrites the live pages of the emptiest chunks (at most {@value #REWRITE_BYTES}
 * bytes, committed at once, so the chunks they leave are freed after the retention time) and,
 * while the file has gaps, moves chunks from its end into them (at most {@value #MOVE_BYTES}
 * bytes) and shortens it. Both are MVStore's own operations, bounded by bytes: a change arriving
 * meanwhile waits for one step at most.
 */
final class FileCompaction {

    /** Compact while less than this percentage of the chunks (or of the file) is live. */
    static final int TARGET_FILL_PERCENT = 90;
    static final int REWRITE_BYTES = 256 * 1024;
    static final long MOVE_BYTES = 1024 * 1024;
    static final long STEP_EVERY_MILLIS = 50;

    private long lastStep = System.nanoTime();
    private volatile long steps;
    private volatile long longestStepNanos;

    /** One step on {@code file}; false when it found nothing to do. */
    boolean step(RecordFile file) {
        long started = System.nanoTime();
        if (started - lastStep < STEP_EVERY_MILLIS * 1_000_000L) {
            return true;
        }
        lastStep = started;
        MVStore store = file.mvStore();
        boolean rewrote = store.compact(TARGET_FILL_PERCENT, REWRITE_BYTES);
        if (rewrote) {
            store.commit();
        }
        FileStore<?> fileStore = store.getFileStore();
        boolean moved = fileStore instanceof RandomAccessStore && fileStore.getFillRate() < TARGET_FILL_PERCENT;
        if (moved) {
            ((RandomAccessStore) fileStore).compactMoveChunks(TARGET_FILL_PERCENT, MOVE_BYTES, store);
        }
        steps++;
        longestStepNanos = Math.max(longestStepNanos, System.nanoTime() - started);
        return rewrote || moved;
    }

    long steps() {
        return steps;
    }

    long longestStepNanos() {
        return longestStepNanos;
    }
}
