package dev.idempotency.agent.store.jdbc.h2;

import dev.idempotency.agent.store.attempts.AttemptTally;
import dev.idempotency.agent.store.jdbc.RecordTable;
import dev.idempotency.agent.store.jdbc.WriteStrategy;

/**
 * Every write, replay counts included, goes through one {@link GroupCommitWriter}, which commits
 * concurrent callers' writes together: the embedded database, which serialises commits anyway.
 */
public final class GroupCommit extends WriteStrategy {

    /** Rows one purge write deletes at most: a few claims' worth of work for the writer. */
    public static final int PURGE_SLICE = 25;
    /** The longest a purge waits for queued writes to be taken before its next slice. */
    private static final long GIVE_WAY_NANOS = 50_000_000L;

    public final GroupCommitWriter writer;
    /** What the writer does while no write waits (H2: {@link H2FileCompaction}). */
    public final GroupCommitWriter.IdleWork idleWork;

    public GroupCommit(RecordTable table, long waitMillis) {
        this(table, waitMillis, GroupCommitWriter.NONE);
    }

    GroupCommit(RecordTable table, long waitMillis, GroupCommitWriter.IdleWork idleWork) {
        super(table);
        this.idleWork = idleWork;
        this.writer = new GroupCommitWriter(table, table.description, GroupCommitWriter.DEFAULT_MAX_BATCH,
                waitMillis, idleWork);
    }

    @Override
    public <T> T write(String operation, RecordTable.SqlWork<T> work) {
        return writer.write(operation, work::apply);
    }

    /**
     * In slices of at most {@value #PURGE_SLICE} rows, each its own write: on the one writer a
     * slice waits in the queue like any claim, so a claim queued during a purge waits behind one
     * slice, not behind the whole batch (a batch of 500 deletes with their LOBs and index entries
     * held every claim behind it for up to seconds). Before each further slice the purge lets the
     * writes queued meanwhile go first. On the writer at all, because H2 would otherwise make the
     * purge and the writer's batch wait for each other's row locks. While it runs, the writer does
     * no idle work (H2: compaction): the purge empties the file's chunks slice by slice, and
     * compaction meanwhile rewrote live pages that the next slices deleted, in steps that the
     * writer, and so every claim arriving, waited for.
     */
    @Override
    public int purgeExpired(int batchSize) {
        writer.holdIdleWork();
        try {
            return purgeInSlices(batchSize);
        } finally {
            writer.releaseIdleWork();
        }
    }

    private int purgeInSlices(int batchSize) {
        int deleted = 0;
        while (deleted < batchSize) {
            if (deleted > 0) {
                giveWayToQueuedWrites();
            }
            int slice = Math.min(PURGE_SLICE, batchSize - deleted);
            int sliceDeleted = write("purgeExpired", connection -> deleteExpired(connection, slice));
            deleted += sliceDeleted;
            if (sliceDeleted < slice) {
                break;
            }
        }
        return deleted;
    }

    /**
     * Waits (briefly, bounded) until the writes queued behind the last slice have been taken, so
     * they commit in a batch of their own rather than each batch of a long purge carrying a slice.
     */
    private void giveWayToQueuedWrites() {
        long until = System.nanoTime() + GIVE_WAY_NANOS;
        while (writer.queued() > 0 && System.nanoTime() < until) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void flushLater(AttemptTally tally) {
        tally.flushWith(() -> {
            AttemptTally.Flush flush = tally.flush();
            return writer.writeLater("count replays", attemptCounts(flush)::apply, flush::end);
        });
    }

    @Override
    public void close() {
        writer.close();
    }

    @Override
    public String toString() {
        return "group commit";
    }
}
