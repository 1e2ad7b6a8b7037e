package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;

/**
 * Compacts an embedded H2 file while the store runs. H2 writes every commit as a new chunk of
 * whole pages and compacts only in its background thread, which {@code WRITE_DELAY=0} (the
 * agent's durable commits) switches off: chunks that keep a few live pages are never freed, and
 * the file grows by what was written, not by what is live. The writer thread, the only writer,
 * runs one step of this between batches while no write waits, at most every
 * {@value #STEP_EVERY_MILLIS} ms, until a step finds nothing left (then again after the next
 * commit): it rewrites the live pages of the emptiest chunks (at most
 * {@value #REWRITE_BYTES} bytes, committed at once, so the chunks they leave are freed) and, when
 * the file has gaps, moves chunks from its end into them (at most {@value #MOVE_BYTES} bytes) and
 * shortens it. Both are H2's own operations, bounded by bytes, so a write arriving meanwhile waits
 * for one step at most; a purge holds the steps back while it runs ({@link GroupCommit}), as it
 * empties the chunks such a step would rewrite. H2 keeps its retention time for freed chunks and
 * syncs the file before it overwrites a moved chunk's old place, so a commit acknowledged before
 * a step survives a killed process as before.
 */
final class H2FileCompaction implements GroupCommitWriter.IdleWork {

    /** Compact while less of the chunks (or of the file) than this percentage is live. */
    static final int TARGET_FILL_PERCENT = 90;
    static final int REWRITE_BYTES = 256 * 1024;
    static final long MOVE_BYTES = 1024 * 1024;
    static final long STEP_EVERY_MILLIS = 50;

    private long lastStep = System.nanoTime();
    private volatile long steps;
    private volatile long longestStepNanos;
    private volatile long totalStepNanos;
    private volatile long moves;

    @Override
    public boolean step(Connection connection) throws SQLException {
        long started = System.nanoTime();
        if (started - lastStep < STEP_EVERY_MILLIS * 1_000_000L) {
            return true;
        }
        lastStep = started;
        MVStore store = H2Files.mvStore(connection);
        if (store == null) {
            return false;
        }
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

    /** Steps taken on a file so far (for benchmarks). */
    long steps() {
        return steps;
    }

    /** The time spent in steps so far (for benchmarks). */
    long totalStepNanos() {
        return totalStepNanos;
    }

    /** Steps so far that moved chunks (for benchmarks). */
    long moves() {
        return moves;
    }

    /** The longest step so far: the longest a write could have waited for compaction. */
    long longestStepNanos() {
        return longestStepNanos;
    }
}
