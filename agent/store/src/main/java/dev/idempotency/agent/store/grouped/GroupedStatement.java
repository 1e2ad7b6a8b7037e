package dev.idempotency.agent.store.grouped;

import java.util.Collections;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.idempotency.agent.store.StoreUnavailableException;

/**
 * Group commit on a server store: the rows of concurrent callers go into one statement and one
 * commit (a SQL database), or one pipeline of scripts in one round trip (Redis). There is no
 * writer thread and no timer. A caller that finds a free slot among the {@link StatementSlots} runs its row at once, on its own thread; a caller that finds them all
 * taken queues. When a statement ends, its caller hands what is queued (up to {@code maxBatch}
 * rows) to the first caller in that queue, which runs it as the next statement; so a lone request
 * never waits, and under load each caller waits for at most a statement in flight plus its own.
 *
 * <p>A statement that fails fails every caller in it with {@link StoreUnavailableException}: the
 * {@link Rows} run one atomic statement (or one transaction), so none of its rows was applied, or,
 * when the connection died at the commit (or in a pipeline's round trip, after some of its scripts
 * ran), none of its callers can know, and all fail closed as a single write whose answer was lost.
 *
 * @param <I> what one caller asks for
 * @param <O> what that caller gets back
 */
public final class GroupedStatement<I, O> implements StatementSlots.Member {

    /** The statement for several callers' rows, on a connection of its own. */
    public interface Rows<I, O> {
        /**
         * One output per input, in input order; {@code null} for an input this statement left to
         * its caller's single-row path (a key that appears twice, a row the statement cannot judge).
         */
        List<O> run(List<I> inputs) throws Exception;
    }

    private final String operation;
    private final String description;
    private final Rows<I, O> rows;
    private final int maxBatch;
    private final StatementSlots slots;
    private final long waitMillis;
    /** Callers waiting for a statement; guarded by the slots' lock. */
    private final ArrayDeque<Caller<I, O>> queue = new ArrayDeque<>();
    /** Statements that succeeded and the rows they held, for tests and benchmarks (several leaders count at once). */
    private final AtomicLong statements = new AtomicLong();
    private final AtomicLong rowsWritten = new AtomicLong();
    private final AtomicInteger largestBatch = new AtomicInteger();

    /**
     * @param waitMillis how long a queued caller waits for a statement to take its row before it
     *        gives up (its row then never runs)
     */
    public GroupedStatement(String operation, String description, Rows<I, O> rows, int maxBatch, StatementSlots slots,
            long waitMillis) {
        if (maxBatch < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, was " + maxBatch);
        }
        this.operation = operation;
        this.description = description;
        this.rows = rows;
        this.maxBatch = maxBatch;
        this.slots = slots;
        this.waitMillis = waitMillis;
        slots.join(this);
    }

    /** Runs the input with whatever else is waiting and returns its output once committed. */
    public O run(I input) {
        Caller<I, O> caller;
        boolean leads;
        slots.lock.lock();
        try {
            caller = new Caller<>(input, slots.arrival());
            leads = slots.tryTake();
            if (leads) {
                caller.take();
            } else {
                queue.addLast(caller);
            }
        } finally {
            slots.lock.unlock();
        }
        if (leads) {
            lead(Collections.singletonList(caller));
            return caller.output();
        }
        List<Caller<I, O>> handed = caller.awaitTurn(waitMillis, description, operation);
        if (handed != null) {
            lead(handed);
        }
        return caller.output();
    }

    public long statements() {
        return statements.get();
    }

    public long rows() {
        return rowsWritten.get();
    }

    public int largestBatch() {
        return largestBatch.get();
    }

    /** Grouped statements running now, of every kind sharing the slots. */
    public int inFlight() {
        return slots.inFlight();
    }

    public int queued() {
        slots.lock.lock();
        try {
            return queue.size();
        } finally {
            slots.lock.unlock();
        }
    }

    /** Runs one batch, then passes the queue on; always passes it on, whatever the batch did. */
    private void lead(List<Caller<I, O>> batch) {
        try {
            execute(batch);
        } finally {
            slots.passOn();
        }
    }

    private void execute(List<Caller<I, O>> batch) {
        List<I> inputs = new ArrayList<>(batch.size());
        for (Caller<I, O> caller : batch) {
            inputs.add(caller.input);
        }
        List<O> outputs;
        try {
            outputs = rows.run(inputs);
            if (outputs.size() != inputs.size()) {
                throw new IllegalStateException(outputs.size() + " outputs for " + inputs.size() + " rows");
            }
        } catch (RuntimeException e) {
            failAll(batch, new StoreUnavailableException(description + ": " + operation + " failed: " + e
                    + " (" + batch.size() + " callers in one statement)", e));
            return;
        } catch (Exception e) {
            failAll(batch, new StoreUnavailableException(description + ": " + operation + " failed: " + e.getMessage()
                    + " (" + batch.size() + " callers in one statement)", e));
            return;
        } catch (Error e) {
            failAll(batch, new StoreUnavailableException(description + ": " + operation + " failed: " + e
                    + " (" + batch.size() + " callers in one statement)", e));
            throw e;
        }
        statements.incrementAndGet();
        rowsWritten.addAndGet(batch.size());
        largestBatch.accumulateAndGet(batch.size(), Math::max);
        for (int i = 0; i < batch.size(); i++) {
            batch.get(i).done(outputs.get(i));
        }
    }

    private static <I, O> void failAll(List<Caller<I, O>> batch, StoreUnavailableException failure) {
        for (Caller<I, O> caller : batch) {
            caller.failed(failure);
        }
    }

    @Override
    public long oldestArrival() {
        while (!queue.isEmpty() && !queue.peekFirst().waiting()) {
            queue.pollFirst();
        }
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekFirst().arrival;
    }

    @Override
    public Runnable takeBatch() {
        List<Caller<I, O>> next = new ArrayList<>();
        while (next.size() < maxBatch && !queue.isEmpty()) {
            Caller<I, O> caller = queue.pollFirst();
            if (caller.take()) {
                next.add(caller);
            }
        }
        return next.isEmpty() ? null : () -> next.get(0).lead(next);
    }

    @Override
    public String toString() {
        return operation + ": " + statements + " statements for " + rowsWritten + " rows, largest " + largestBatch;
    }

    /** One waiting caller. Either a leader takes its row into a batch or it gives up first, never both. */
    private static final class Caller<I, O> {

        private static final int QUEUED = 0;
        private static final int TAKEN = 1;
        private static final int WITHDRAWN = 2;

        final I input;
        final long arrival;
        private int state = QUEUED;
        private boolean finished;
        private List<Caller<I, O>> handed;
        private O output;
        private RuntimeException failure;

        Caller(I input, long arrival) {
            this.input = input;
            this.arrival = arrival;
        }

        synchronized boolean waiting() {
            return state == QUEUED;
        }

        synchronized boolean take() {
            if (state != QUEUED) {
                return false;
            }
            state = TAKEN;
            return true;
        }

        synchronized void lead(List<Caller<I, O>> batch) {
            handed = batch;
            notifyAll();
        }

        synchronized void done(O result) {
            output = result;
            finished = true;
            notifyAll();
        }

        synchronized void failed(RuntimeException cause) {
            failure = cause;
            finished = true;
            notifyAll();
        }

        /**
         * Waits until this caller's row is done or it is handed a batch to run (returned). A row
         * still queued after the wait is withdrawn and never runs; a row taken into a batch is
         * waited for to the end, which the statement's own timeouts bound.
         */
        synchronized List<Caller<I, O>> awaitTurn(long waitMillis, String description, String operation) {
            long deadline = System.nanoTime() + waitMillis * 1_000_000L;
            boolean interrupted = false;
            try {
                while (!finished && handed == null) {
                    long left = deadline - System.nanoTime();
                    if (state == QUEUED && left <= 0) {
                        state = WITHDRAWN;
                        throw new StoreUnavailableException(description + ": " + operation + " waited " + waitMillis
                                + " ms for a statement (not applied)", null);
                    }
                    try {
                        if (state == QUEUED) {
                            wait(Math.max(1, left / 1_000_000L));
                        } else {
                            wait();
                        }
                    } catch (InterruptedException e) {
                        interrupted = true;
                        if (state == QUEUED) {
                            state = WITHDRAWN;
                            throw new StoreUnavailableException(description + ": " + operation
                                    + " interrupted (not applied)", e);
                        }
                    }
                }
                return finished ? null : handed;
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        synchronized O output() {
            if (failure != null) {
                throw failure;
            }
            return output;
        }
    }
}
