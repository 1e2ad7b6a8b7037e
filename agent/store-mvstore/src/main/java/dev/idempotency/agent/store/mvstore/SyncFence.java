package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.StoreThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets MVStore write over a freed chunk only once the commit that freed it is on the disk. A
 * commit reaches the operating system before its caller hears back, but the disk later, in any
 * order: had the space of a chunk that a later commit emptied been written over before that
 * commit reached the disk, a crash of the operating system could leave a file whose newest
 * complete state still needs the chunk, which H2 may then not open at all. MVStore's own guard
 * is time: it reuses no chunk written in the last 45 s, assuming the disk has everything by then;
 * under churn the file carried those 45 s of commits, a few hundred MB at 100 new keys a second
 * (docs/performance.md, "At volume").
 *
 * <p>The fence instead holds MVStore's oldest kept version (as a reader holds the version it
 * reads) at the version of the last commit known to be on the disk: MVStore reuses a chunk only
 * when the version that emptied it is older than every version held. At most every
 * {@value #EVERY_MILLIS} ms the writer moves the fence: it holds the current version, and a thread
 * of its own syncs the file (so the writer never waits for the disk) and, once the sync returns,
 * lets go of the version held before. Every commit before the new fence was written before the sync
 * began, so it is on the disk when the chunks it emptied become reusable. A crash of the operating
 * system therefore loses at most the commits of the last {@value #EVERY_MILLIS} ms or so, where
 * before it lost whatever the system had not yet written back.
 */
final class SyncFence implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SyncFence.class);
    static final String THREAD_NAME = "idempotency-store-sync";
    /** How often the writer syncs the file, and so how long freed chunks wait at most beyond it. */
    static final long EVERY_MILLIS = 1000;

    private final MVStore store;
    private final long everyNanos;
    private final ExecutorService syncing = Executors.newSingleThreadExecutor(StoreThreads.named(THREAD_NAME));
    private final AtomicBoolean inFlight = new AtomicBoolean();
    /** The version held: every commit before it is on the disk. Changed by the sync thread (and by close, after it). */
    private MVStore.TxCounter held;
    private long lastMove = System.nanoTime();
    private long versionAtLastMove;
    private volatile long syncs;
    private boolean failureSaid;

    /** A fence on {@code store}, just opened: synced now, so that nothing it read is written over before. */
    SyncFence(MVStore store) {
        this(store, EVERY_MILLIS);
    }

    SyncFence(MVStore store, long everyMillis) {
        this.store = store;
        this.everyNanos = TimeUnit.MILLISECONDS.toNanos(everyMillis);
        MVStore.TxCounter first = store.registerVersionUsage();
        store.sync();
        held = first;
        versionAtLastMove = store.getCurrentVersion();
    }

    /**
     * Moves the fence if {@value #EVERY_MILLIS} ms have passed and a commit was made since; called by
     * the store's only writer, after its commits and while it idles, so that every commit below the
     * version it holds has been written.
     */
    void moveIfDue() {
        long now = System.nanoTime();
        if (now - lastMove < everyNanos || store.isClosed()) {
            return;
        }
        long version = store.getCurrentVersion();
        if (version == versionAtLastMove || !inFlight.compareAndSet(false, true)) {
            return;
        }
        lastMove = now;
        versionAtLastMove = version;
        MVStore.TxCounter next = store.registerVersionUsage();
        try {
            syncing.execute(() -> syncThenMove(next));
        } catch (RejectedExecutionException closing) {
            deregister(next);
            inFlight.set(false);
        }
    }

    private void syncThenMove(MVStore.TxCounter next) {
        MVStore.TxCounter released = next;
        try {
            store.sync();
            released = held;
            held = next;
            syncs++;
        } catch (RuntimeException e) {
            // Nothing freed since the last sync is reused meanwhile. A file closed by a failed write is reopened by its
            // writer, with a fence of its own; an open file that cannot be synced is a disk to look at, said once.
            if (!store.isClosed() && !failureSaid) {
                failureSaid = true;
                LOG.warn("Idempotency store file {}: syncing it to the disk failed ({}); until a sync succeeds, a crash "
                        + "of the operating system may lose more than the last second of commits, and the file does "
                        + "not reuse the space freed since", store.getFileStore().getFileName(), e.toString());
            } else {
                LOG.debug("Idempotency store: syncing the file failed: {}", e.toString());
            }
        } finally {
            deregister(released);
            inFlight.set(false);
        }
    }

    /** Syncs done so far (for tests and benchmarks). */
    long syncs() {
        return syncs;
    }

    /** Waits for a sync in flight, then lets go of the version held, for the file to be closed. */
    @Override
    public void close() {
        // Not by interrupting: an interrupt during a sync closes MVStore's file channel.
        syncing.shutdown();
        try {
            syncing.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deregister(held);
        held = null;
    }

    private void deregister(MVStore.TxCounter counter) {
        if (counter != null && !store.isClosed()) {
            store.deregisterVersionUsage(counter);
        }
    }
}
