package dev.idempotency.agent.store.attempts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * Attempts of replays answered from a read, not yet written: a replay needs no write of its own,
 * its count is added to the record by a later flush, which writes the counts of many replays at
 * once. Counts are kept per record generation (scope, key, fencing token), so a count never lands
 * on a record that replaced an expired one. A flush whose write is lost puts its counts back for
 * the next one.
 *
 * <p>A count taken by a flush is in neither place a reader looks while the flush writes it: gone
 * from the pending counts, not yet in the record a concurrent read sees. Readers therefore check
 * that no flush started or ended while they read ({@link #moment}, {@link #unchangedSince}), and
 * read again if one did, so that requests one after another are numbered exactly.
 */
public final class AttemptTally {

    /** Asks for a flush soon (on another thread); false when none could be scheduled now. */
    public interface FlushScheduler {
        boolean scheduleFlush();
    }

    /** Writes one generation's counted attempts, within the flush's write. */
    public interface CountWriter<E extends Exception> {
        void add(String scope, String key, long fencingToken, int attempts) throws E;
    }

    /** Added by a flush's start and end to {@link #flushes}: the high half counts the two, the low half the flushes under way. */
    private static final long FLUSH_STARTS = (1L << 32) + 1;
    private static final long FLUSH_ENDS = (1L << 32) - 1;
    private static final long UNDER_WAY = 0xFFFF_FFFFL;
    /** How often a reader looks again whether a flush under way has ended. */
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);
    /**
     * How long a replay waits for a flush under way to end, so that its number counts the flush's
     * counts once; past it, the replay is numbered as well as it can be.
     */
    public static final long FLUSH_WAIT_MILLIS = 200;
    /** Readings of a replay's number that flushes may disturb before the first one is kept. */
    static final int READS = 4;

    private final ConcurrentHashMap<Generation, Integer> pending = new ConcurrentHashMap<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final AtomicLong flushes = new AtomicLong();
    private volatile FlushScheduler scheduler = () -> false;

    /** How the store has its flushes run; until this is called, counts wait for {@link #flush()} calls. */
    public void flushWith(FlushScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Counts one attempt; returns how many of this record's attempts are now unwritten. */
    public int count(String scope, String key, long fencingToken) {
        int unwritten = pending.merge(new Generation(scope, key, fencingToken), 1, Integer::sum);
        if (flushScheduled.compareAndSet(false, true) && !scheduler.scheduleFlush()) {
            // Nothing scheduled: the next count tries again.
            flushScheduled.set(false);
        }
        return unwritten;
    }

    /**
     * Counts a replay of a record generation read at {@code moment} (taken before the read) with
     * {@code storedAttempts}, and returns the replay's number: the stored count and the counts not
     * yet written, this one among them. When a flush started or ended during the read, the two are
     * read again at one moment through {@code storedNow}, which gives the generation's stored
     * count as it is now, or -1 when the record was replaced or cannot be read (the first reading
     * then stands).
     */
    public int countReplay(String scope, String key, long fencingToken, int storedAttempts, long moment,
            IntSupplier storedNow) {
        int firstReading = storedAttempts + count(scope, key, fencingToken);
        if (unchangedSince(moment)) {
            return firstReading;
        }
        for (int read = 0; read < READS; read++) {
            long again = moment(FLUSH_WAIT_MILLIS);
            int stored = storedNow.getAsInt();
            if (stored < 0) {
                return firstReading;
            }
            int attempts = stored + unwritten(scope, key, fencingToken);
            if (unchangedSince(again)) {
                return attempts;
            }
        }
        return firstReading;
    }

    /** This record's attempts counted and not yet taken by a flush. */
    public int unwritten(String scope, String key, long fencingToken) {
        return pending.getOrDefault(new Generation(scope, key, fencingToken), 0);
    }

    /**
     * The moment a read of a record starts, once no flush is under way (waiting at most
     * {@code waitMillis} for one to end; 0 does not wait): {@link #unchangedSince} then tells
     * whether the record and the pending counts were read at one moment.
     */
    public long moment(long waitMillis) {
        long now = flushes.get();
        if ((now & UNDER_WAY) == 0 || waitMillis <= 0) {
            return now;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while ((now & UNDER_WAY) != 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(POLL_NANOS);
            now = flushes.get();
        }
        return now;
    }

    /** True when no flush was under way at {@code moment}, and none started or ended since. */
    public boolean unchangedSince(long moment) {
        return (moment & UNDER_WAY) == 0 && flushes.get() == moment;
    }

    /** A flush of the counts pending when it writes; {@link Flush#end} must follow, whatever happened. */
    public Flush flush() {
        return new Flush();
    }

    public boolean isEmpty() {
        return pending.isEmpty();
    }

    private List<Counted> take() {
        List<Counted> taken = new ArrayList<>();
        for (Generation generation : pending.keySet()) {
            Integer count = pending.remove(generation);
            if (count != null) {
                taken.add(new Counted(generation, count));
            }
        }
        return taken;
    }

    private void putBack(List<Counted> taken) {
        taken.forEach(counted -> pending.merge(counted.generation, counted.attempts, Integer::sum));
    }

    /**
     * One flush: from {@link #write} until {@link #end}, readers read again. The counts it took
     * stay its own until it is known whether they were written, or are put back.
     */
    public final class Flush {

        private final AtomicBoolean started = new AtomicBoolean();
        private final AtomicBoolean ended = new AtomicBoolean();
        private final AtomicBoolean putBack = new AtomicBoolean();
        private List<Counted> taken = Collections.emptyList();

        /** Takes the pending counts and hands each to {@code writer}; returns how many records it counted. */
        public <E extends Exception> int write(CountWriter<E> writer) throws E {
            if (!started.compareAndSet(false, true)) {
                throw new IllegalStateException("a flush writes once");
            }
            flushes.addAndGet(FLUSH_STARTS);
            flushScheduled.set(false);
            taken = take();
            for (Counted counted : taken) {
                Generation generation = counted.generation;
                writer.add(generation.scope, generation.key, generation.fencingToken, counted.attempts);
            }
            return taken.size();
        }

        /**
         * The flush is over for readers: {@code written} when readers now see its counts in the
         * records. Counts of a flush not written are kept for the next one rather than lost.
         */
        public void end(boolean written) {
            if (!started.get() || !ended.compareAndSet(false, true)) {
                return;
            }
            if (!written) {
                lost();
            }
            flushes.addAndGet(FLUSH_ENDS);
        }

        /**
         * Its counts, which readers saw written, did not reach the disk after all (a commit after
         * {@link #end} failed, and the store dropped what it had not committed): they go back to
         * the next flush.
         */
        public void lost() {
            if (started.get() && putBack.compareAndSet(false, true)) {
                putBack(taken);
            }
        }
    }

    private static final class Counted {

        final Generation generation;
        final int attempts;

        Counted(Generation generation, int attempts) {
            this.generation = generation;
            this.attempts = attempts;
        }
    }

    private static final class Generation {

        final String scope;
        final String key;
        final long fencingToken;

        Generation(String scope, String key, long fencingToken) {
            this.scope = scope;
            this.key = key;
            this.fencingToken = fencingToken;
        }

        @Override
        public boolean equals(Object other) {
            if (!(other instanceof Generation)) {
                return false;
            }
            Generation that = (Generation) other;
            return fencingToken == that.fencingToken && scope.equals(that.scope) && key.equals(that.key);
        }

        @Override
        public int hashCode() {
            return Objects.hash(scope, key, fencingToken);
        }
    }
}
