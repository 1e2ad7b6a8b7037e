package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoreThreads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Where the outcome of an execution is written: behind the response, or on the request's thread.
 *
 * <p>Behind the response, the request's thread hands the outcome over and returns to the host,
 * which sends the answer while a few writer threads store it. The claim was durable before the
 * handler ran, so a JVM that dies before the write loses which answer was given, never whether
 * the operation ran: the record stays IN_PROGRESS until its lease expires, then answers "outcome
 * unknown", as after a crash mid-request. Until its outcome is written, an execution keeps its
 * lease (renewed by the keeper), and a retry reaching this JVM waits for the write
 * ({@link #awaitWritten}) rather than hearing "in progress". Concurrent writers share the store's
 * round trips and commits (its grouped statements, H2's group commit). For a store that
 * {@linkplain RequestWork#completesTogether completes together} (Redis), one writer instead
 * gathers the completions that arrive within {@link #GATHER_NANOS} and writes them in one round
 * trip, so that a new key's outcome costs a share of a round trip and of a wake-up, not one each.
 * A full queue, or writers stopped as the JVM exits, write on the request's thread, so a slow
 * store slows requests instead of holding outcomes in memory, and no outcome is dropped.
 */
public final class OutcomeWrites {

    /**
     * Outcomes queued at most; beyond it the request's thread writes its own. Enough for the
     * writers to group what arrives while they write; small, because each queued outcome is a
     * client answered whose key a crash would leave UNKNOWN, and a retry waits behind the queue.
     */
    static final int QUEUE = 64;

    /**
     * Writers behind the responses, at most (fewer when the store's pool is smaller): enough to
     * keep a grouping store's batches full, few enough that outcomes share its commits.
     */
    public static final int WRITERS = 4;

    /**
     * How long the gathering writer lets completions arrive after the first before it writes them
     * together: what a retry of one of them in this JVM may wait the longer, and what a crash may
     * lose of "which answer" the longer; against that, at a few thousand new keys a second, several
     * outcomes share one round trip and one wake-up.
     */
    static final long GATHER_NANOS = 2_000_000L;

    /** {@code null}: every outcome is written on the request's thread. */
    private final ThreadPoolExecutor writers;
    /** Writes what a store that completes together is handed; {@code null} without such a store. */
    private final Gatherer gatherer;
    private final ConcurrentMap<String, Pending> pending = new ConcurrentHashMap<>();

    private OutcomeWrites(ThreadPoolExecutor writers, Gatherer gatherer) {
        this.writers = writers;
        this.gatherer = gatherer;
    }

    /**
     * Outcomes written behind the response by {@code threads} writers, started now (never on a
     * request's thread: see {@link StoreThreads}).
     */
    public static OutcomeWrites behindResponse(int threads) {
        return behindResponse(threads, null);
    }

    /**
     * As {@link #behindResponse(int)}, and the completions of outcomes ({@link Outcome}) gathered for
     * {@code store} whenever it {@linkplain RequestWork#completesTogether completes together}.
     */
    public static OutcomeWrites behindResponse(int threads, RequestWork store) {
        ThreadPoolExecutor writers = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(QUEUE), StoreThreads.numbered("idempotency-outcomes"),
                (write, full) -> write.run());
        writers.prestartAllCoreThreads();
        Gatherer gatherer = null;
        if (store != null) {
            gatherer = new Gatherer(store);
            StoreThreads.named("idempotency-outcomes-gathered").newThread(gatherer).start();
        }
        return new OutcomeWrites(writers, gatherer);
    }

    /** Each outcome written on the request's thread before the host sends the answer's end. */
    public static OutcomeWrites onRequestThread() {
        return new OutcomeWrites(null, null);
    }

    /** An execution's outcome, as the writers take it. */
    public interface Outcome {
        /**
         * Made on the writer's thread: the completion to write together with others', answered
         * once written; {@code null} when this outcome is written alone ({@link #writeAlone}).
         */
        Completion completion();

        /** Writes the outcome by itself, whatever it is, and says how it ended. */
        void writeAlone();
    }

    /** Runs {@code write}, the outcome of the claim {@code (scope, key, token)}, now or behind the response. */
    public void write(String scope, String key, long token, Runnable write) {
        if (writers == null) {
            write.run();
            return;
        }
        Runnable written = pending(scope, key, token);
        writers.execute(() -> {
            try {
                write.run();
            } finally {
                written.run();
            }
        });
    }

    /**
     * Writes the outcome of the claim {@code (scope, key, token)}: gathered with others' when the
     * store completes together, else as {@link #write(String, String, long, Runnable)} does.
     */
    public void write(String scope, String key, long token, Outcome outcome) {
        if (gatherer == null || !gatherer.store.completesTogether()) {
            write(scope, key, token, outcome::writeAlone);
            return;
        }
        Runnable written = pending(scope, key, token);
        if (!gatherer.offer(new Gathered(outcome, written))) {
            try {
                outcome.writeAlone();
            } finally {
                written.run();
            }
        }
    }

    /** Registers an outcome being written; the returned step says it was. */
    private Runnable pending(String scope, String key, long token) {
        String id = id(scope, key);
        Pending written = new Pending(token);
        pending.put(id, written);
        return () -> {
            pending.remove(id, written);
            written.done.countDown();
        };
    }

    /**
     * Waits at most {@code millis} for the outcome of the claim {@code (scope, key, token)} this JVM
     * is writing. True when there was none to wait for or it was written; false on time out.
     */
    boolean awaitWritten(String scope, String key, long token, long millis) throws InterruptedException {
        Pending written = pending.get(id(scope, key));
        return written == null || written.token != token || written.done.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Outcomes handed over and not yet written. */
    public int queued() {
        return pending.size();
    }

    /**
     * Writes what is queued, waiting at most {@code millis} (the JVM is stopping: an outcome not
     * written by then leaves its key to turn UNKNOWN when its lease expires).
     */
    public void drain(long millis) {
        if (writers == null) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        writers.shutdown();
        try {
            if (gatherer != null) {
                gatherer.stop(deadline);
            }
            writers.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String id(String scope, String key) {
        return scope + '\u0000' + key;
    }

    private static final class Pending {
        final long token;
        final CountDownLatch done = new CountDownLatch(1);

        Pending(long token) {
            this.token = token;
        }
    }

    /** An outcome handed to the gatherer, and what says it was written. */
    private static final class Gathered {
        final Outcome outcome;
        final Runnable written;

        Gathered(Outcome outcome, Runnable written) {
            this.outcome = outcome;
            this.written = written;
        }
    }

    /**
     * The one writer of a store that completes together: it takes what is queued, after letting
     * more arrive for {@link #GATHER_NANOS}, and hands every completion among it to the store at
     * once; an outcome that is no completion (a release) is written alone.
     */
    private static final class Gatherer implements Runnable {

        /** Wakes the gatherer to see that it is stopping. */
        private static final Gathered STOP = new Gathered(null, null);

        final RequestWork store;
        private final ArrayBlockingQueue<Gathered> queue = new ArrayBlockingQueue<>(QUEUE);
        /** Guarded by this: no more outcomes are taken; the thread has ended. */
        private boolean stopping;
        private boolean ended;
        private final CountDownLatch stopped = new CountDownLatch(1);

        Gatherer(RequestWork store) {
            this.store = store;
        }

        /** False when full or stopped: the caller then writes its own. */
        synchronized boolean offer(Gathered outcome) {
            return !stopping && !ended && queue.offer(outcome);
        }

        /** Takes no more outcomes and waits until those queued are written or the deadline passes. */
        void stop(long deadlineNanos) throws InterruptedException {
            synchronized (this) {
                stopping = true;
            }
            // when full, the gatherer is busy and sees it is stopping once the queue is written
            queue.offer(STOP);
            stopped.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        }

        @Override
        public void run() {
            List<Gathered> batch = new ArrayList<>(QUEUE);
            try {
                while (true) {
                    Gathered first = queue.take();
                    if (first != STOP && queue.size() < QUEUE - 1) {
                        LockSupport.parkNanos(GATHER_NANOS);
                    }
                    batch.add(first);
                    queue.drainTo(batch, QUEUE - 1);
                    batch.removeIf(outcome -> outcome == STOP);
                    write(batch);
                    batch.clear();
                    synchronized (this) {
                        if (stopping && queue.isEmpty()) {
                            return;
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // nobody interrupts this thread; if someone did, it ends below
            } finally {
                endTakingOutcomes(batch);
            }
        }

        /**
         * However the loop ended (stopped, or an error out of it), no outcome is taken any more: the
         * callers write their own, and what is still queued is written here.
         */
        private void endTakingOutcomes(List<Gathered> batch) {
            try {
                synchronized (this) {
                    ended = true;
                }
                batch.clear();
                queue.drainTo(batch);
                batch.removeIf(outcome -> outcome == STOP);
                write(batch);
            } finally {
                stopped.countDown();
            }
        }

        /** Writes the outcomes; every one is answered and said written, whatever the store did. */
        private void write(List<Gathered> batch) {
            List<Completion> together = new ArrayList<>(batch.size());
            List<Gathered> waiting = new ArrayList<>(batch.size());
            for (Gathered outcome : batch) {
                Completion completion;
                try {
                    completion = outcome.outcome.completion();
                } catch (RuntimeException e) {
                    completion = null; // written alone, which says how it failed
                }
                if (completion == null) {
                    try {
                        outcome.outcome.writeAlone();
                    } catch (RuntimeException e) {
                        // the outcome reports its own failures; this thread goes on for the others
                    } finally {
                        outcome.written.run();
                    }
                } else {
                    together.add(completion);
                    waiting.add(outcome);
                }
            }
            if (together.isEmpty()) {
                return;
            }
            RuntimeException failure = null;
            try {
                store.completeAll(together);
            } catch (RuntimeException e) {
                failure = e;
            } catch (Error e) {
                failure = new IllegalStateException("writing " + together.size() + " outcomes together failed: " + e, e);
            } finally {
                for (int i = 0; i < together.size(); i++) {
                    Completion completion = together.get(i);
                    if (!completion.answered()) {
                        completion.failed(failure != null ? failure
                                : new IllegalStateException("the store left an outcome of " + together.size()
                                        + " written together unanswered"));
                    }
                    waiting.get(i).written.run();
                }
            }
        }
    }
}
