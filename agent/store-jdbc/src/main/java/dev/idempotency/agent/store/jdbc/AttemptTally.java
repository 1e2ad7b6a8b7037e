package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Attempts of replays answered from a read, not yet written: a replay needs no commit of its own,
 * its count is added to the record in a later batch. Counts are kept per record generation
 * (scope, key, fencing token), so a count never lands on a record that replaced an expired one.
 */
final class AttemptTally {

    /** Asks for a flush soon (on another thread); false when none could be scheduled now. */
    interface FlushScheduler {
        boolean scheduleFlush();
    }

    private final ConcurrentHashMap<Generation, Integer> pending = new ConcurrentHashMap<>();
    private final AtomicBoolean flushScheduled = new AtomicBoolean();
    private final String addAttemptsSql;
    private volatile FlushScheduler scheduler = () -> false;

    AttemptTally(TableSql sql) {
        this.addAttemptsSql = sql.addAttempts;
    }

    void flushWith(FlushScheduler scheduler) {
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

    /** Writes the pending counts with the connection given (within its transaction, if any). */
    int flush(Connection connection) throws SQLException {
        flushScheduled.set(false);
        Map<Generation, Integer> taken = take();
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
        } catch (SQLException | RuntimeException e) {
            // Kept for the next flush rather than lost.
            taken.forEach((generation, count) -> pending.merge(generation, count, Integer::sum));
            throw e;
        }
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
