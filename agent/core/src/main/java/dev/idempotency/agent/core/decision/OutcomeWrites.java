package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.store.StoreThreads;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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
 * round trips and commits (its grouped statements, H2's group commit). A full queue, or writers
 * stopped as the JVM exits, write on the request's thread, so a slow store slows requests instead
 * of holding outcomes in memory, and no outcome is dropped.
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

    /** {@code null}: every outcome is written on the request's thread. */
    private final ThreadPoolExecutor writers;
    private final ConcurrentMap<String, Pending> pending = new ConcurrentHashMap<>();

    private OutcomeWrites(ThreadPoolExecutor writers) {
        this.writers = writers;
    }

    /**
     * Outcomes written behind the response by {@code threads} writers, started now (never on a
     * request's thread: see {@link StoreThreads}).
     */
    public static OutcomeWrites behindResponse(int threads) {
        ThreadPoolExecutor writers = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(QUEUE), StoreThreads.numbered("idempotency-outcomes"),
                (write, full) -> write.run());
        writers.prestartAllCoreThreads();
        return new OutcomeWrites(writers);
    }

    /** Each outcome written on the request's thread before the host sends the answer's end. */
    public static OutcomeWrites onRequestThread() {
        return new OutcomeWrites(null);
    }

    /** Runs {@code write}, the outcome of the claim {@code (scope, key, token)}, now or behind the response. */
    public void write(String scope, String key, long token, Runnable write) {
        if (writers == null) {
            write.run();
            return;
        }
        String id = id(scope, key);
        Pending written = new Pending(token);
        pending.put(id, written);
        writers.execute(() -> {
            try {
                write.run();
            } finally {
                pending.remove(id, written);
                written.done.countDown();
            }
        });
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
        writers.shutdown();
        try {
            writers.awaitTermination(millis, TimeUnit.MILLISECONDS);
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
}
