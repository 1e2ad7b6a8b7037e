package dev.idempotency.agent.store.jdbc;

import java.util.Collections;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Attempts of replays answered from a read, not yet written: a replay needs no commit of its own,
 * its count is added to the record in a later batch. Counts are kept per record generation
 * (scope, key, fencing token), so a count never lands on a record that replaced an expired one.
 *
 * <p>A count taken by a flush is in neither place a reader looks while the flush commits: gone
 * from the pending counts, not yet in the table a concurrent read sees. Readers therefore check
 * that no flush started or ended while they read ({@link #moment()}, {@link #unchangedSince}), and
 * read again if one did, so that requests one after another are numbered exactly.
 */
public final class AttemptTally {

    /** Asks for a flush soon (on another thread); false when none could be scheduled now. */
    public interface FlushScheduler {
        boolean scheduleFlush();
    }

    /** Added by a flush's start and end to {@link #flushes}: the high half counts the two, the low half the flushes under way. */
    private static final long FLUSH_STARTS = (1L << 32) + 1;
    private static final long FLUSH_ENDS = (1L << 32) - 1;
    private static final long UNDER_WAY = 0xFFFF_FFFFL;
    /** How often a reader looks again whether a flush under way has ended. */
    private static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private final ConcurrentHashMap<Generation, Integer> pending = new ConcurrentHashMap<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final AtomicLong flushes = new AtomicLong();
    private final String addAttemptsSql;
    private volatile FlushScheduler scheduler = () -> false;

    AttemptTally(TableSql sql) {
        this.addAttemptsSql = sql.addAttempts;
    }

    public void flushWith(FlushScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Counts one attempt; returns how many of this record's attempts are now unwritten. */
    int count(String scope, String key, long fencingToken) {
        int unwritten = pending.merge(new Generation(scope, key, fencingToken), 1, Integer::sum);
        if (flushScheduled.compareAndSet(false, true) && !scheduler.scheduleFlush()) {
            // Nothing scheduled: the next count tries again.
            flushScheduled.set(false);
        }
        return unwritten;
    }

    /** This record's attempts counted and not yet taken by a flush. */
    int unwritten(String scope, String key, long fencingToken) {
        return pending.getOrDefault(new Generation(scope, key, fencingToken), 0);
    }

    /**
     * The moment a read of the table starts, once no flush is under way (waiting at most
     * {@code waitMillis} for one to end): {@link #unchangedSince} then tells whether the table and
     * the pending counts were read at one moment.
     */
    long moment(long waitMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        long now = flushes.get();
        while ((now & UNDER_WAY) != 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(POLL_NANOS);
            now = flushes.get();
        }
        return now;
    }

    /** True when no flush was under way at {@code moment}, and none started or ended since. */
    boolean unchangedSince(long moment) {
        return (moment & UNDER_WAY) == 0 && flushes.get() == moment;
    }

    /** A flush of the counts pending when it runs; {@link Flush#end} must follow, whatever happened. */
    public Flush flush() {
        return new Flush();
    }

    boolean isEmpty() {
        return pending.isEmpty();
    }

    private Map<Generation, Integer> take() {
        Map<Generation, Integer> taken = new HashMap<>();
        for (Generation generation : pending.keySet()) {
            Integer count = pending.remove(generation);
            if (count != null) {
                taken.put(generation, count);
            }
        }
        return taken;
    }

    private void putBack(Map<Generation, Integer> taken) {
        taken.forEach((generation, count) -> pending.merge(generation, count, Integer::sum));
    }

    /** One flush: the counts it took stay its own until its commit is known to be durable, or put back. */
    public final class Flush {

        private final AtomicBoolean started = new AtomicBoolean();
        private final AtomicBoolean ended = new AtomicBoolean();
        private Map<Generation, Integer> taken = Collections.emptyMap();

        /** Writes the pending counts with the connection given (within its transaction, if any). */
        public int write(Connection connection) throws SQLException {
            if (!started.compareAndSet(false, true)) {
                throw new IllegalStateException("a flush writes once");
            }
            flushes.addAndGet(FLUSH_STARTS);
            flushScheduled.set(false);
            taken = take();
            if (taken.isEmpty()) {
                return 0;
            }
            try (PreparedStatement update = connection.prepareStatement(addAttemptsSql)) {
                for (Map.Entry<Generation, Integer> entry : taken.entrySet()) {
                    Generation generation = entry.getKey();
                    update.setInt(1, entry.getValue());
                    update.setString(2, generation.scope);
                    update.setString(3, generation.key);
                    update.setLong(4, generation.fencingToken);
                    update.addBatch();
                }
                update.executeBatch();
                return taken.size();
            }
        }

        /**
         * The flush is over: {@code durable} when its transaction committed. Counts of a flush
         * that did not commit are kept for the next one rather than lost.
         */
        public void end(boolean durable) {
            if (!started.get() || !ended.compareAndSet(false, true)) {
                return;
            }
            if (!durable) {
                putBack(taken);
            }
            flushes.addAndGet(FLUSH_ENDS);
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
