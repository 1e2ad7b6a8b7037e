package dev.idempotency.agent.store.jdbc.h2;

import dev.idempotency.agent.store.jdbc.ConnectionSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.StoreUnavailableException;

/**
 * Group commit: one daemon thread, {@value #THREAD_NAME}, applies the writes of concurrent callers
 * in queue order on one connection and commits them together, so N waiting callers cost one
 * commit instead of N. Each write runs under its own savepoint: a failing write is rolled back
 * alone and the others of its batch still commit. Callers block until the commit holding their
 * write is durable, so an acknowledged write survives a killed JVM exactly as in auto-commit.
 * A batch that already holds more than one write waits briefly for the writes about to arrive
 * ({@link BatchGathering}).
 *
 * <p>The queue holds at most one batch, so a queued caller waits for at most the batch being
 * committed plus its own; a caller finding the queue full waits for room within the same bound.
 * Between batches, while the queue is empty, the thread may do {@link IdleWork} in bounded steps.
 */
public final class GroupCommitWriter implements AutoCloseable {

    static final String THREAD_NAME = "idempotency-store-writer";
    static final int DEFAULT_MAX_BATCH = 256;

    /**
     * Work the writer does only while no write waits (H2: compacting its file), in steps short
     * enough that a write arriving meanwhile waits for one step at most.
     */
    interface IdleWork {
        /** One bounded step on a connection of the writer's; false when nothing is left to do. */
        boolean step(Connection connection) throws SQLException;

        /** The last work, bounded, once the writer has ended and no write can come (H2: compacting the whole file). */
        default void atClose(Connection connection) throws SQLException {
        }
    }

    /** No idle work. */
    static final IdleWork NONE = connection -> false;

    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitWriter.class);
    private static final long IDLE_POLL_MILLIS = 100;
    /**
     * One name for every write's savepoint (a new one replaces the last): the statement text stays
     * the same, so the database parses it once. H2 names unnamed savepoints with a counter, and
     * each new text would push the claim and completion statements out of its query cache.
     */
    static final String SAVEPOINT = "idempotency_write";

    private final ConnectionSource connections;
    private final String description;
    private final int maxBatch;
    private final long waitMillis;
    private final BlockingQueue<PendingWrite<?>> queue;
    private final IdleWork idleWork;
    /** Written and read by the writer thread only. */
    /**
     * Whether idle work is due: set by a batch that commits, cleared by a batch that fails, a step
     * that fails or a step that finds nothing left. So an idle store does no idle work once it is
     * done, and a failing one (a full disk, a closed database) is not given writes that fail or
     * reopened between batches. Writer thread only.
     */
    private boolean idleWorkDue;
    private final Thread thread;
    private volatile boolean closed;
    /** Callers holding idle work back (purges under way): no idle work while above zero. */
    private final AtomicInteger idleWorkHolds = new AtomicInteger();
    /** Committed batches, their writes and the largest batch, for tests and benchmarks; written by the writer thread only. */
    private volatile long batches;
    private volatile long writes;
    private volatile int largestBatch;

    /**
     * @param waitMillis how long a caller waits for room in the queue, and then for its commit
     */
    GroupCommitWriter(ConnectionSource connections, String description, int maxBatch, long waitMillis) {
        this(connections, description, maxBatch, waitMillis, NONE);
    }

    /**
     * @param idleWork run by the writer thread between batches while its queue is empty
     */
    GroupCommitWriter(ConnectionSource connections, String description, int maxBatch, long waitMillis,
            IdleWork idleWork) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, was " + maxBatch);
        }
        this.connections = connections;
        this.description = description;
        this.maxBatch = maxBatch;
        this.waitMillis = waitMillis;
        this.queue = new ArrayBlockingQueue<>(maxBatch);
        this.idleWork = idleWork;
        this.thread = StoreThreads.named(THREAD_NAME).start(this::writeUntilClosed);
    }

    /** Queues the work and waits until the commit that holds it is durable; returns its result. */
    <T> T write(String operation, PendingWrite.Work<T> work) {
        PendingWrite<T> write = new PendingWrite<>(operation, work);
        enqueue(write);
        return write.await(waitMillis, description);
    }

    /**
     * Queues work nobody waits for (it rides along with the next batch); false when the queue is
     * full or the writer closed, and the work will not run. Otherwise {@code whenDone} hears once
     * whether the work committed ({@code true}), or failed or never ran ({@code false}).
     */
    boolean writeLater(String operation, PendingWrite.Work<?> work, Consumer<Boolean> whenDone) {
        PendingWrite<?> write = new PendingWrite<>(operation, work);
        if (closed || !queue.offer(write)) {
            return false;
        }
        write.whenDone(whenDone);
        return true;
    }

    /**
     * No idle work until {@link #releaseIdleWork} (a purge holds it while it runs: see
     * {@link GroupCommit#purgeExpired}); work due meanwhile stays due. The writer may be in a step
     * already, which ends as it would.
     */
    void holdIdleWork() {
        idleWorkHolds.incrementAndGet();
    }

    void releaseIdleWork() {
        idleWorkHolds.decrementAndGet();
    }

    int queued() {
        return queue.size();
    }

    boolean running() {
        return thread.isAlive();
    }

    /** The writes committed so far: how a test sees that a purge reached the writer in slices. */
    public long writesCommitted() {
        return writes;
    }

    public long batchesCommitted() {
        return batches;
    }

    public int largestBatch() {
        return largestBatch;
    }

    /**
     * Lets queued writes finish (bounded by the caller's wait), then stops the thread and, if it
     * ended, does the idle work's {@link IdleWork#atClose}.
     */
    @Override
    public void close() {
        closed = true;
        try {
            thread.join(waitMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<PendingWrite<?>> left = new ArrayList<>();
        queue.drainTo(left);
        for (PendingWrite<?> write : left) {
            if (write.withdraw()) {
                write.failed(closedException(write.operation));
            }
        }
        if (!thread.isAlive()) {
            closingWork();
        }
    }

    /** {@link IdleWork#atClose}; a failure leaves the file as the writes left it. */
    private void closingWork() {
        try (Connection connection = connections.open()) {
            idleWork.atClose(connection);
        } catch (SQLException | RuntimeException e) {
            LOG.debug("Idempotency store writer: the work at close failed", e);
        }
    }

    private void enqueue(PendingWrite<?> write) {
        if (closed) {
            throw closedException(write.operation);
        }
        boolean queued;
        try {
            queued = queue.offer(write, waitMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException(description + ": " + write.operation + " interrupted (not applied)", e);
        }
        if (!queued) {
            throw new StoreUnavailableException(description + ": " + write.operation + " found the write queue full for "
                    + waitMillis + " ms (not applied)", null);
        }
        // Closed meanwhile, the writer may already be gone: withdraw unless it took the write.
        if (closed && write.withdraw()) {
            throw closedException(write.operation);
        }
    }

    private void writeUntilClosed() {
        List<PendingWrite<?>> batch = new ArrayList<>(maxBatch);
        while (true) {
            PendingWrite<?> first;
            try {
                first = queue.poll(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // Only close() ends the writer; it drains what is queued first.
                continue;
            }
            if (first == null) {
                if (closed) {
                    return;
                }
                stepIdleWork();
                continue;
            }
            batch.add(first);
            queue.drainTo(batch, maxBatch - 1);
            BatchGathering.gatherMore(queue, batch, maxBatch);
            try {
                commitBatch(batch);
            } catch (Throwable e) {
                failStarted(batch, e);
                LOG.warn("Idempotency store writer: a batch of {} writes failed", batch.size(), e);
            }
            batch.clear();
            if (queue.isEmpty() && !closed) {
                stepIdleWork();
            }
        }
    }

    /**
     * One step of the idle work while it is due. Its failure leaves the writes alone and stops the
     * idle work until a batch commits again.
     */
    private void stepIdleWork() {
        if (!idleWorkDue || idleWorkHolds.get() > 0) {
            return;
        }
        try (Connection connection = connections.open()) {
            try {
                idleWorkDue = idleWork.step(connection);
            } catch (SQLException e) {
                connections.failed(connection, e);
                throw e;
            }
        } catch (SQLException | RuntimeException e) {
            idleWorkDue = false;
            LOG.debug("Idempotency store writer: idle work failed, stopped until a batch commits", e);
        }
    }

    /** Runs each write under its own savepoint, commits once, then releases the callers. */
    private void commitBatch(List<PendingWrite<?>> batch) {
        idleWorkDue = false;
        List<PendingWrite<?>> applied = new ArrayList<>(batch.size());
        Connection connection;
        try {
            connection = connections.open();
        } catch (SQLException e) {
            failStarted(batch, unavailable("batch of " + batch.size() + " writes", e));
            return;
        }
        boolean committed = false;
        try {
            applyAndCommit(connection, batch, applied);
            committed = true;
        } catch (SQLException e) {
            connections.failed(connection, e);
            failStarted(batch, unavailable("batch of " + batch.size() + " writes", e));
            return;
        } catch (RuntimeException | Error e) {
            LOG.warn("Idempotency store writer: a batch of {} writes failed", batch.size(), e);
            failStarted(batch, e);
            return;
        } finally {
            release(connection, committed);
        }
        idleWorkDue = idleWork != NONE;
        batches++;
        writes += applied.size();
        largestBatch = Math.max(largestBatch, applied.size());
        for (PendingWrite<?> write : applied) {
            write.committed();
        }
    }

    private void applyAndCommit(Connection connection, List<PendingWrite<?>> batch, List<PendingWrite<?>> applied)
            throws SQLException {
        connection.setAutoCommit(false);
        for (PendingWrite<?> write : batch) {
            if (write.start()) {
                runAlone(connection, write, applied);
            }
        }
        connection.commit();
    }

    private void runAlone(Connection connection, PendingWrite<?> write, List<PendingWrite<?>> applied)
            throws SQLException {
        Savepoint before = connection.setSavepoint(SAVEPOINT);
        try {
            write.run(connection);
            applied.add(write);
        } catch (SQLException | RuntimeException e) {
            // Undo this write only; a failed rollback to the savepoint fails the whole batch.
            connection.rollback(before);
            write.failed(e instanceof SQLException ? unavailable(write.operation, (SQLException) e) : e);
        }
    }

    /** Fails every write of the batch that was started and not yet answered (a no-op for the others). */
    private void failStarted(List<PendingWrite<?>> batch, Throwable cause) {
        StoreUnavailableException failure = cause instanceof StoreUnavailableException
                ? (StoreUnavailableException) cause
                : new StoreUnavailableException(description + ": write batch failed: " + cause, cause);
        for (PendingWrite<?> write : batch) {
            write.withdraw();
            write.failed(failure);
        }
    }

    /**
     * Rolls back what a failed batch left, then restores auto-commit (only after the rollback, so
     * it cannot commit a failed batch). After a commit there is nothing to roll back, and no
     * rollback is sent: H2 empties the session's query cache on rollback, and every statement of
     * the next batch on this connection would be parsed again.
     */
    private static void release(Connection connection, boolean committed) {
        try {
            if (!committed) {
                connection.rollback();
            }
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            LOG.debug("resetting the writer's connection failed; the pool replaces a broken one", e);
        }
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.debug("returning the writer's connection failed", e);
        }
    }

    private StoreUnavailableException unavailable(String operation, SQLException e) {
        return new StoreUnavailableException(description + ": " + operation + " failed: " + e.getMessage(), e);
    }

    private StoreUnavailableException closedException(String operation) {
        return new StoreUnavailableException(description + ": " + operation + " refused, the store is closed", null);
    }
}
