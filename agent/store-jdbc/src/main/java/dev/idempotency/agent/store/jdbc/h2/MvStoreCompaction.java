package dev.idempotency.agent.store.jdbc.h2;

import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreTool;
import org.h2.mvstore.RandomAccessStore;

/**
 * One bounded compaction step on an MVStore file, for a store's only writer to take between its
 * batches while no write waits, at most every {@value #STEP_EVERY_MILLIS} ms, until a step finds
 * nothing left and nothing was written since the last that found nothing. Every commit writes a
 * new chunk, and a chunk is freed only when none of its pages is live any more: under churn,
 * chunks that keep a few live pages pile up. A step rewrites the live pages of the emptiest chunks
 * (at most {@value #REWRITE_BYTES} bytes, committed at once, so the chunks they leave are freed
 * after the retention time), frees the chunks emptied and aged by then and, while the file has
 * gaps, moves chunks from its end into them (at most {@value #MOVE_BYTES} bytes) and shortens it.
 * All are MVStore's own operations, bounded by bytes, so a write arriving meanwhile waits for one
 * step at most. Used by the SQL store's H2 file ({@link H2FileCompaction}) and by the file store on
 * MVStore alone.
 */
public final class MvStoreCompaction {

    /** Compact while less of the chunks (or of the file) than this percentage is live. */
    static final int TARGET_FILL_PERCENT = 90;
    static final int REWRITE_BYTES = 256 * 1024;
    static final long MOVE_BYTES = 1024 * 1024;
    public static final long STEP_EVERY_MILLIS = 50;

    /**
     * How long {@link #atClose} may compact a file in place. The steps run only while no write
     * waits, so a burst that kept the writer busy to the stop leaves every chunk it wrote: 8 to 30 KB
     * per record after 20 s of new keys, a few hundred bytes once compacted (docs/performance.md). A
     * file of 120 MB took about 0.8 s; a file of gigabytes gets nowhere in this time and is copied
     * instead where its live records allow ({@link #copiesAtClose}).
     */
    public static final int AT_CLOSE_MILLIS = 2000;
    static final int AT_CLOSE_WRITE_BYTES = 16 * 1024 * 1024;

    /**
     * The most live data a close copies into a new file ({@link #copiesAtClose}). A copy's time
     * grows with the live records (a close of 3.4 and 4.9 s for 67 and 132 MB of them in the file
     * store here; docs/performance.md, "Closing by a copy"), and the stop it holds up must end
     * before whoever stops the JVM gives up on it. A larger store is compacted in place.
     */
    public static final long COPY_AT_CLOSE_LIVE_BYTES = 256L * 1024 * 1024;
    /** Dead space below this is left to the compaction in place: a copy would save little. */
    public static final long COPY_AT_CLOSE_DEAD_BYTES = 16L * 1024 * 1024;

    /**
     * How long after the retention time a step is taken again when the last found nothing: the
     * file store lets MVStore free a chunk only once the commit that emptied it is synced, about a
     * second after it ({@code SyncFence}).
     */
    static final long RECHECK_AFTER_RETENTION_MILLIS = 1000;

    private long nextStep = System.nanoTime() + STEP_EVERY_MILLIS * 1_000_000L;
    /** When a step found nothing after writes: when to look again if nothing is written meanwhile; 0 if not waiting. */
    private long recheckAt;
    /** The store's version when a step last found nothing: whether anything was written since. */
    private long versionFoundIdle = -1;
    private volatile long steps;
    private volatile long longestStepNanos;
    private volatile long totalStepNanos;
    private volatile long moves;

    /**
     * One step on {@code store}, or none if it is not due yet (the last was less than
     * {@value #STEP_EVERY_MILLIS} ms ago, or found nothing and waits for the chunks written before it
     * to age); false when the writer may stop calling until its next commit.
     *
     * <p>A step that finds nothing to do while something was written since the last such step asks
     * to be called again, and takes the next step once the retention time has passed (or at the
     * usual pace, if a write comes first): the chunks of the last commits can be neither rewritten
     * nor freed before, and a store gone quiet after a burst commits nothing that would call the
     * steps back. It kept the whole burst in its file until the next write.
     */
    public boolean step(MVStore store) {
        long started = System.nanoTime();
        if (started - nextStep < 0 || waitsForChunksToAge(store, started)) {
            return true;
        }
        nextStep = started + STEP_EVERY_MILLIS * 1_000_000L;
        recheckAt = 0;
        long versionBefore = store.getCurrentVersion();
        boolean rewrote = store.compact(TARGET_FILL_PERCENT, REWRITE_BYTES);
        if (rewrote) {
            store.commit();
        }
        boolean moved = freeAndMove(store);
        if (!rewrote && !moved && store.hasUnsavedChanges()) {
            // What freeing chunks changed (their entries left the layout), which a quiet store commits
            // no other way: the commit, written inside the file, cuts off its end where they were.
            store.commit();
        }
        long took = System.nanoTime() - started;
        steps++;
        totalStepNanos += took;
        if (moved) {
            moves++;
        }
        longestStepNanos = Math.max(longestStepNanos, took);
        if (rewrote || moved) {
            return true;
        }
        boolean writtenSince = versionBefore != versionFoundIdle;
        versionFoundIdle = store.getCurrentVersion();
        if (writtenSince) {
            recheckAt = started + (store.getRetentionTime() + RECHECK_AFTER_RETENTION_MILLIS) * 1_000_000L;
        }
        return writtenSince;
    }

    private boolean waitsForChunksToAge(MVStore store, long now) {
        return recheckAt != 0 && now - recheckAt < 0 && store.getCurrentVersion() == versionFoundIdle;
    }

    /**
     * Frees the chunks emptied and aged since the last commit (MVStore frees them only as a commit
     * or a move begins), then moves chunks from the file's end into its gaps while it has them (at
     * most {@value #MOVE_BYTES} bytes) and shortens it. True when that left the file shorter or
     * fuller. A file whose gaps no chunk within the move's bytes can close gets neither: MVStore
     * then only moves the chunk holding its new layout into a gap, each time, and a step that
     * counted that as work was taken every {@value #STEP_EVERY_MILLIS} ms for as long as the gaps
     * stayed.
     */
    private static boolean freeAndMove(MVStore store) {
        FileStore<?> file = store.getFileStore();
        if (!(file instanceof RandomAccessStore)) {
            return false;
        }
        store.executeFilestoreOperation(file::dropUnusedChunks);
        int fillBefore = file.getFillRate();
        if (fillBefore >= TARGET_FILL_PERCENT) {
            return false;
        }
        long sizeBefore = file.size();
        ((RandomAccessStore) file).compactMoveChunks(TARGET_FILL_PERCENT, MOVE_BYTES, store);
        return file.size() < sizeBefore || file.getFillRate() > fillBefore;
    }

    /**
     * Compacts the whole file for at most {@link #AT_CLOSE_MILLIS}, once its only writer has written
     * everything and before the file is closed. Freed chunks need no retention then, and no versions
     * beyond those a reader still holds (MVStore keeps five more by default): nothing of this process
     * writes after it, and each move is synced before the place it left is reused. H2's own close
     * compacts too, but only where live chunks are sparse: a file of chunks the steps emptied, still
     * waiting out their retention, stays as long as it was.
     *
     * <p>It stops at the first pass that leaves the file neither shorter nor with less dead space.
     * On a small file a pass can always find work that gains nothing: it rewrites the few live
     * pages into a new chunk, which leaves a gap, and moves that chunk back into the gap. A close
     * spent its whole bound in such passes (2,815 of them on a file of five records).
     */
    public void atClose(MVStore store) {
        long stopAt = System.nanoTime() + AT_CLOSE_MILLIS * 1_000_000L;
        store.setRetentionTime(0);
        store.setVersionsToKeep(0);
        FileStore<?> file = store.getFileStore();
        if (file == null) {
            return;
        }
        long length = file.size();
        long dead = length - H2Files.liveBytes(store);
        while (System.nanoTime() - stopAt < 0) {
            boolean rewrote = store.compact(TARGET_FILL_PERCENT, AT_CLOSE_WRITE_BYTES);
            store.commit();
            // Without retention the chunks emptied so far are free now, not after the next write.
            file.dropUnusedChunks();
            boolean sparse = file instanceof RandomAccessStore && file.getFillRate() < TARGET_FILL_PERCENT;
            if (sparse) {
                store.sync();
                ((RandomAccessStore) file).compactMoveChunks(TARGET_FILL_PERCENT, AT_CLOSE_WRITE_BYTES, store);
            }
            if (!rewrote && !sparse) {
                return;
            }
            long lengthAfter = file.size();
            long deadAfter = lengthAfter - H2Files.liveBytes(store);
            if (lengthAfter >= length && deadAfter >= dead) {
                return;
            }
            length = lengthAfter;
            dead = deadAfter;
        }
    }

    /**
     * Whether a close should copy the file's live data into a new file rather than compact it in
     * place: when it holds more dead space than live data (and more than
     * {@value #COPY_AT_CLOSE_DEAD_BYTES} bytes of it), and no more than
     * {@link #COPY_AT_CLOSE_LIVE_BYTES} live. A burst that kept the writer busy leaves gigabytes of
     * chunks with a few live pages each: compacting them in place rewrites and moves chunk after
     * chunk and, after 2 s, had left the file larger than it found it, where a copy writes the live
     * pages once. Read once the store's only writer has stopped.
     */
    public static boolean copiesAtClose(MVStore store) {
        FileStore<?> file = store.getFileStore();
        if (file == null || file.isReadOnly()) {
            return false;
        }
        long live = H2Files.liveBytes(store);
        long dead = file.size() - live;
        return live <= COPY_AT_CLOSE_LIVE_BYTES && dead > Math.max(live, COPY_AT_CLOSE_DEAD_BYTES);
    }

    /**
     * Copies the live data of the closed file {@code fileName} into a new file that then takes its
     * place: MVStore's own offline compaction, which writes a temporary file beside it and renames
     * it over the old one. A process killed meanwhile leaves the old file as it was, and the
     * temporary file, which the next open deletes ({@link #cleanUpAfterACopy}). The copy's pages
     * are compressed, as the file store writes its own.
     */
    public static void copyLiveData(String fileName) {
        MVStoreTool.compact(fileName, true);
    }

    /** Deletes what a copy ({@link #copyLiveData}) cut short by a killed process left beside {@code fileName}. */
    public static void cleanUpAfterACopy(String fileName) {
        MVStoreTool.compactCleanUp(fileName);
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
