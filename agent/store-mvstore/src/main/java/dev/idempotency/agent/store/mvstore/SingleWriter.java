package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.jdbc.h2.BatchGathering;
import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The one thread that changes the file. Callers queue a change and wait; the thread takes every
 * change queued, applies them in order, commits them as one chunk and only then answers each
 * caller (group commit): concurrent requests share one file write, and each call returns after
 * its change is in the file. A batch that already holds more than one change waits briefly for
 * the changes about to arrive ({@link BatchGathering}); a batch no client waits for (outcomes written
 * behind their responses, replays' counts) waits a little longer for one a client does wait for, to
 * share its commit ({@link #holdForAClient}). Being the only writer, the thread decides every race of two claims
 * of one key by the order it takes them in. Between batches, whenever no change waits, it compacts
 * the file in small steps ({@link MvStoreCompaction}); after its commits and while it idles, it has
 * the file synced about once a second ({@link SyncFence}).
 */
final class SingleWriter implements AutoCloseable {

    static final String THREAD_NAME = "idempotency-store-writer";
    /** A batch is bounded so that its callers are answered before a flood of later ones is applied. */
    private static final int MAX_BATCH = 512;
    /**
     * How long a batch no client waits for is held for a change a client waits for. Each commit
     * writes a chunk of 10 to 30 KB, which stays in the file for the retention time whatever it
     * holds: a new key's claim and the completion of another, a few milliseconds apart, committed
     * together write one chunk instead of two. A crash in the hold loses answers, never whether
     * an operation ran (its claim was committed), and a retry of a held key is queued behind its
     * completion.
     */
    static final long HOLD_BEHIND_MILLIS = 5;
    private static final long IDLE_POLL_MILLIS = MvStoreCompaction.STEP_EVERY_MILLIS;
    /** While compaction has work left: how long to wait for a change before the next step is due. */
    private static final long COMPACTING_POLL_MILLIS = 5;

    /** A change of the file, applied on the writer's thread; {@code now} is the store's clock for the batch. */
    interface Change<T> {
        T apply(RecordFile file, long now);
    }

    private final OpenFile file;
    private final long waitMillis;
    private final long holdBehindNanos;
    private final BlockingQueue<Pending<?>> queue = new LinkedBlockingQueue<>();
    private final MvStoreCompaction compaction = new MvStoreCompaction();
    private final Thread thread;
    private volatile boolean closed;
    private volatile long batchesCommitted;

    SingleWriter(OpenFile file, long waitMillis) {
        this(file, waitMillis, HOLD_BEHIND_MILLIS);
    }

    SingleWriter(OpenFile file, long waitMillis, long holdBehindMillis) {
        this.file = file;
        this.waitMillis = waitMillis;
        this.holdBehindNanos = TimeUnit.MILLISECONDS.toNanos(holdBehindMillis);
        this.thread = StoreThreads.named(THREAD_NAME).start(this::run);
    }

    /**
     * Applies {@code change} and returns its result once it is committed.
     *
     * @throws StoreUnavailableException when the file cannot be written, or the change waited longer
     *         than the store's timeouts allow
     */
    <T> T write(String operation, Change<T> change) {
        return awaited(new Pending<>(operation, change, true, false, () -> { }), waitMillis);
    }

    /**
     * As {@link #write}, for a change no client waits for (an outcome written behind its response):
     * its commit may be held (for {@link #HOLD_BEHIND_MILLIS}) to share a client's.
     */
    <T> T writeBehind(String operation, Change<T> change) {
        return awaited(new Pending<>(operation, change, true, true, () -> { }),
                waitMillis + TimeUnit.NANOSECONDS.toMillis(holdBehindNanos));
    }

    /**
     * Queues {@code change} without waiting for it (attempt counts of replays); {@code lost} runs
     * if it fails, or its batch's commit does (MVStore then drops what the batch applied).
     */
    void writeLater(String operation, Change<?> change, Runnable lost) {
        enqueue(new Pending<>(operation, change, false, true, lost));
    }

    private <T> T awaited(Pending<T> pending, long waitMillis) {
        enqueue(pending);
        return pending.await(waitMillis);
    }

    /** Batches committed so far (for tests and benchmarks). */
    long batchesCommitted() {
        return batchesCommitted;
    }

    /** Compaction steps taken so far (for benchmarks). */
    MvStoreCompaction compaction() {
        return compaction;
    }

    private void enqueue(Pending<?> pending) {
        if (closed) {
            throw new StoreUnavailableException("the store is closed", null);
        }
        queue.add(pending);
    }

    private void run() {
        List<Pending<?>> batch = new ArrayList<>();
        boolean compacting = false;
        while (!closed || !queue.isEmpty()) {
            try {
                Pending<?> first = queue.poll();
                if (first == null) {
                    // No change waits: a compaction step now (at most one per step interval), not after an idle spell,
                    // which a steady stream of changes never leaves.
                    compacting = compacting && compactStep();
                    syncIfDue();
                    first = queue.poll(compacting ? COMPACTING_POLL_MILLIS : IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
                }
                if (first == null) {
                    continue;
                }
                batch.add(first);
                queue.drainTo(batch, MAX_BATCH - 1);
                if (!closed && noClientWaits(batch, 0)) {
                    holdForAClient(batch);
                    // A lone client after one outcome, as on a service that one client drives, is answered at
                    // once: only more than those two says that callers are arriving together.
                    if (batch.size() > 2) {
                        BatchGathering.gatherMore(queue, batch, MAX_BATCH);
                    }
                } else {
                    BatchGathering.gatherMore(queue, batch, MAX_BATCH);
                }
                commit(batch);
                compacting = true;
            } catch (InterruptedException e) {
                closed = true;
            } finally {
                batch.clear();
            }
        }
    }

    /**
     * Adds to {@code batch} what arrives until a change a client waits for does, or the hold ends.
     * An interrupt ends the hold as it ends the writer (after the queue): the batch is committed.
     */
    private void holdForAClient(List<Pending<?>> batch) {
        long deadline = System.nanoTime() + holdBehindNanos;
        while (batch.size() < MAX_BATCH) {
            long left = deadline - System.nanoTime();
            Pending<?> next;
            try {
                next = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : null;
            } catch (InterruptedException e) {
                closed = true;
                return;
            }
            if (next == null) {
                return;
            }
            int from = batch.size();
            batch.add(next);
            queue.drainTo(batch, MAX_BATCH - batch.size());
            if (!noClientWaits(batch, from)) {
                return;
            }
        }
    }

    private static boolean noClientWaits(List<Pending<?>> batch, int from) {
        for (int i = from; i < batch.size(); i++) {
            if (!batch.get(i).behind) {
                return false;
            }
        }
        return true;
    }

    private void commit(List<Pending<?>> batch) {
        RecordFile current;
        try {
            current = file.usable();
        } catch (RuntimeException e) {
            batch.forEach(pending -> pending.fail(e));
            return;
        }
        long now = System.currentTimeMillis();
        for (Pending<?> pending : batch) {
            pending.apply(current, now);
        }
        try {
            current.commit();
            batchesCommitted++;
            batch.forEach(Pending::committed);
        } catch (RuntimeException e) {
            // MVStore closes a file whose write failed, dropping the uncommitted changes; the next batch reopens it.
            file.failed(current, e);
            batch.forEach(pending -> pending.fail(e));
        }
    }

    private void syncIfDue() {
        RecordFile current = file.current();
        if (current != null && !current.isClosed()) {
            current.syncIfDue();
        }
    }

    private boolean compactStep() {
        try {
            RecordFile current = file.current();
            return current != null && !current.isClosed() && compaction.step(current.mvStore());
        } catch (RuntimeException e) {
            // A compaction that fails on a full disk tells nothing a write will not tell; the next commit retries.
            return false;
        }
    }

    /** Stops the thread after the changes already queued; callers after this fail. */
    @Override
    public void close() {
        // Not by interrupting: an interrupt during a write closes MVStore's file channel.
        closed = true;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Pending<?> left = queue.poll(); left != null; left = queue.poll()) {
            left.fail(new IllegalStateException("the store was closed"));
        }
    }

    /** One queued change and, for a waiting caller, its outcome. */
    private static final class Pending<T> {

        private final String operation;
        private final Change<T> change;
        private final boolean awaited;
        /** No client waits for it: its commit may be held to share one a client waits for. */
        final boolean behind;
        private final Runnable lost;
        private T result;
        private RuntimeException failure;
        private boolean applied;
        private boolean done;

        Pending(String operation, Change<T> change, boolean awaited, boolean behind, Runnable lost) {
            this.operation = operation;
            this.change = change;
            this.awaited = awaited;
            this.behind = behind;
            this.lost = lost;
        }

        void apply(RecordFile file, long now) {
            try {
                T value = change.apply(file, now);
                synchronized (this) {
                    result = value;
                    applied = true;
                }
            } catch (RuntimeException e) {
                fail(e);
            }
        }

        synchronized void committed() {
            if (applied) {
                done = true;
                notifyAll();
            }
        }

        void fail(RuntimeException cause) {
            synchronized (this) {
                if (done) {
                    return;
                }
                failure = cause;
                applied = false;
                done = true;
                notifyAll();
            }
            lost.run();
        }

        synchronized T await(long waitMillis) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
            try {
                while (!done) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new StoreUnavailableException(operation + " was not written within " + waitMillis
                                + " ms", null);
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreUnavailableException("interrupted while waiting for " + operation, e);
            }
            if (failure != null) {
                throw failure instanceof StoreUnavailableException ? (StoreUnavailableException) failure
                        : new StoreUnavailableException(operation + " failed: " + failure, failure);
            }
            return result;
        }

        @Override
        public String toString() {
            return operation + (awaited ? "" : " (not awaited)");
        }
    }
}
