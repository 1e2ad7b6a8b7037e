package dev.idempotency.agent.store.keeper;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.FailureCause;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreThreads;

/**
 * The store's housekeeping on one daemon thread, {@value #THREAD_NAME}: renews the leases of
 * requests still executing in this JVM, so a slow handler keeps its claim while only a dead
 * owner's lease runs out, and purges expired records a bounded batch at a time. A purge round ends
 * after {@link KeeperSettings#purgeBatchesPerTick()} batches or {@link #PURGE_ROUND}, whichever
 * comes first; while its last batch came back full (a backlog is left) the next round follows at
 * once instead of a purge interval later, so the purge keeps pace with any insert rate the
 * database can delete at, and a renewal that falls due still runs between two rounds. A failed
 * round is logged and tried again on the next tick; nothing stops the thread but {@link #close()}
 * or the JVM's shutdown.
 */
public final class StoreKeeper implements AutoCloseable {

    public static final String THREAD_NAME = "idempotency-keeper";

    /** The longest a purge round keeps the thread before a due renewal may run. */
    static final Duration PURGE_ROUND = Duration.ofSeconds(1);

    private static final Logger LOG = LoggerFactory.getLogger(StoreKeeper.class);

    private final IdempotencyStore store;
    private final Supplier<? extends Collection<LeaseRef>> executing;
    private final UnansweredClaims unanswered;
    private final KeeperSettings settings;
    private final ScheduledThreadPoolExecutor thread;
    private final Thread shutdownHook;
    private volatile Thread worker;
    /** When the UNKNOWN records were last counted; touched by the keeper's thread only (after start). */
    private long unknownReportedNanos;
    private final FailureLog renewFailures = new FailureLog("renewing leases");
    private final FailureLog purgeFailures = new FailureLog("purging expired records");

    private StoreKeeper(IdempotencyStore store, Supplier<? extends Collection<LeaseRef>> executing,
            UnansweredClaims unanswered, KeeperSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.executing = Objects.requireNonNull(executing, "executing");
        this.unanswered = Objects.requireNonNull(unanswered, "unanswered");
        this.settings = Objects.requireNonNull(settings, "settings");
        StoreThreads threads = StoreThreads.named(THREAD_NAME);
        this.thread = new ScheduledThreadPoolExecutor(1, task -> {
            Thread keeper = threads.newThread(task);
            worker = keeper;
            return keeper;
        });
        this.thread.setRemoveOnCancelPolicy(true);
        this.shutdownHook = StoreThreads.named(THREAD_NAME + "-shutdown").newThread(this::stop);
    }

    /**
     * Starts keeping {@code store}.
     *
     * @param executing the leases this JVM holds right now (asked on every renewal)
     * @param unanswered the claims whose answer never came back, withdrawn on each renewal tick
     */
    public static StoreKeeper start(IdempotencyStore store, Supplier<? extends Collection<LeaseRef>> executing,
            UnansweredClaims unanswered, KeeperSettings settings) {
        StoreKeeper keeper = new StoreKeeper(store, executing, unanswered, settings);
        long renewMillis = settings.renewInterval().toMillis();
        long purgeMillis = settings.purgeInterval().toMillis();
        keeper.thread.scheduleWithFixedDelay(keeper::renewLeases, renewMillis, renewMillis, TimeUnit.MILLISECONDS);
        // The first round reports; later ones at most once per purge interval, however many rounds a backlog takes.
        keeper.unknownReportedNanos = System.nanoTime() - settings.purgeInterval().toNanos();
        keeper.schedulePurge(purgeMillis);
        Runtime.getRuntime().addShutdownHook(keeper.shutdownHook);
        return keeper;
    }

    /** Stops the thread (a round under way finishes first, for at most a few seconds). */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it stops the thread itself
        }
        stop();
    }

    private void stop() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
            // The executor reports termination a moment before its thread ends; close() promises the end.
            Thread running = worker;
            if (running != null && running != Thread.currentThread()) {
                running.join(TimeUnit.SECONDS.toMillis(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void renewLeases() {
        try {
            Collection<LeaseRef> leases = executing.get();
            if (!leases.isEmpty()) {
                int renewed = store.renewLeases(leases, settings.lease());
                LOG.debug("renewed {} of {} leases", renewed, leases.size());
            }
            renewFailures.succeeded();
        } catch (RuntimeException | LinkageError e) {
            renewFailures.failed(e);
        }
        withdrawUnanswered();
    }

    /**
     * Withdraws the claims whose answer never came back, while the store answers; the first
     * failure leaves the rest for the next tick. A failure is said at debug level only: the
     * store's failure is told already, by the requests it refuses and by the keeper's other work.
     */
    private void withdrawUnanswered() {
        if (unanswered.size() == 0) {
            return;
        }
        int withdrawn = 0;
        try {
            for (ClaimRequest claim : unanswered.snapshot()) {
                if (store.withdrawUnstarted(claim)) {
                    withdrawn++;
                }
                unanswered.withdrawn(claim);
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("Idempotency store keeper: withdrawing {} unanswered claim(s) failed, retrying on the next tick",
                    unanswered.size(), e);
        } finally {
            if (withdrawn > 0) {
                LOG.warn("Idempotency store keeper: withdrew {} claim(s) the store had written though their request "
                        + "was refused when the store failed mid-claim (their handlers never ran): their keys are free "
                        + "for the clients' retries", withdrawn);
            }
        }
    }

    private void schedulePurge(long delayMillis) {
        try {
            thread.schedule(this::purgeRound, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // close() stopped the thread: no more rounds
        }
    }

    /** One purge round, then the next: at once while a backlog is left, otherwise a purge interval later. */
    private void purgeRound() {
        boolean backlog = false;
        try {
            backlog = purgeExpired();
        } finally {
            if (!Thread.currentThread().isInterrupted()) {
                schedulePurge(backlog ? 0 : settings.purgeInterval().toMillis());
            }
        }
    }

    /** True when the round's last batch came back full: more expired records are waiting. */
    private boolean purgeExpired() {
        boolean backlog = false;
        try {
            int purged = 0;
            long started = System.nanoTime();
            // Bounded per round: renewals share this thread and must not wait behind a long purge.
            for (int batch = 0; batch < settings.purgeBatchesPerTick() && !Thread.currentThread().isInterrupted();
                    batch++) {
                int deleted = store.purgeExpired(settings.purgeBatchSize());
                purged += deleted;
                backlog = deleted >= settings.purgeBatchSize();
                if (!backlog || System.nanoTime() - started >= PURGE_ROUND.toNanos()) {
                    break;
                }
            }
            if (purged > 0) {
                LOG.debug("purged {} expired records", purged);
            }
            if (System.nanoTime() - unknownReportedNanos >= settings.purgeInterval().toNanos()) {
                unknownReportedNanos = System.nanoTime();
                reportUnknown();
            }
            purgeFailures.succeeded();
        } catch (RuntimeException | LinkageError e) {
            purgeFailures.failed(e);
            return false;
        }
        return backlog;
    }

    /**
     * While any key is UNKNOWN, or IN_PROGRESS with no JVM renewing it, one line per purge interval
     * says how many of each, why a key gets there, and how to find them: each is a client whose
     * retries get 409 until an operator looks. Several instances sharing a store each say it; the
     * counts are the store's.
     */
    private void reportUnknown() {
        int unknown = store.count(RecordState.UNKNOWN);
        int stale = store.countStale();
        if (unknown == 0 && stale == 0) {
            return;
        }
        String unknownPart = unknown == 0 ? "" : unknown + " idempotency key(s) are UNKNOWN: each attempt stopped before "
                + "its outcome was stored (its JVM died mid-execution, or the store failed while the outcome was "
                + "written: the attempt log says which, with error.type store_error)";
        String stalePart = stale == 0 ? "" : stale + " idempotency key(s) are IN_PROGRESS past their lease, renewed by no "
                + "JVM: their owner died, or the store failed while it gave them up, and the next request for each "
                + "finds it abandoned";
        LOG.warn("{}{}{}; their retries get 409 outcome-unknown until resolved. List them with: java -jar "
                + "idempotency-agent.jar list --state unknown (and --state in_progress) --config <the agent's config>; "
                + "resolve each as docs/operations.md describes", unknownPart, unknown > 0 && stale > 0 ? "; " : "",
                stalePart);
    }

    /**
     * Logs the first failure of a streak and its end; repeats only at debug level. A store that
     * flaps starts many streaks: the stack trace comes with the first streak of each cause only.
     */
    private static final class FailureLog {

        /** Bounds memory if causes keep varying; past it, streaks are logged without their trace (at debug). */
        private static final int MAX_TRACED = 64;

        private final String task;
        /** Touched by the keeper's one thread only. */
        private final Set<String> traced = new HashSet<>();
        private int streak;

        FailureLog(String task) {
            this.task = task;
        }

        void failed(Throwable e) {
            if (streak++ == 0) {
                LOG.warn("Idempotency store keeper: {} failed, retrying on the next tick: {}", task, FailureCause.describe(e));
                if (traced.size() < MAX_TRACED && traced.add(FailureCause.of(e))) {
                    LOG.debug("Idempotency store keeper: {} failed", task, e);
                }
            } else {
                LOG.debug("Idempotency store keeper: {} failed again ({} in a row): {}", task, streak, e.toString());
            }
        }

        void succeeded() {
            if (streak > 0) {
                LOG.info("Idempotency store keeper: {} works again after {} failed rounds", task, streak);
                streak = 0;
            }
        }
    }
}
