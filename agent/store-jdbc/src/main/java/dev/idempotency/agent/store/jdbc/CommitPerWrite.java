package dev.idempotency.agent.store.jdbc;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.attempts.AttemptTally;

/**
 * Every write commits on the caller's own pooled connection; replay counts are written by a
 * short-lived background thread. The server databases build on it.
 */
public class CommitPerWrite extends WriteStrategy {

    /** A replay's attempt count is written at most this long after it was answered. */
    private static final long ATTEMPT_FLUSH_DELAY_MILLIS = 50;
    private static final Logger LOG = LoggerFactory.getLogger(CommitPerWrite.class);

    /** Its thread ends when idle and is made anew by whichever thread schedules next: often a request's. */
    private final ScheduledThreadPoolExecutor attemptFlusher;

    public CommitPerWrite(RecordTable table) {
        super(table);
        this.attemptFlusher = new ScheduledThreadPoolExecutor(1, StoreThreads.named("idempotency-attempts"));
        attemptFlusher.setKeepAliveTime(10, TimeUnit.SECONDS);
        attemptFlusher.allowCoreThreadTimeOut(true);
    }

    @Override
    public <T> T write(String operation, RecordTable.SqlWork<T> work) {
        return table.run(operation, work);
    }

    @Override
    public void flushLater(AttemptTally tally) {
        tally.flushWith(() -> {
            try {
                attemptFlusher.schedule(() -> flush(tally), ATTEMPT_FLUSH_DELAY_MILLIS, TimeUnit.MILLISECONDS);
                return true;
            } catch (RuntimeException closed) {
                return false;
            }
        });
    }

    @Override
    public void close() {
        attemptFlusher.shutdownNow();
        // A flush under way finishes on its connection before the pool closes under it.
        try {
            attemptFlusher.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "a commit per write";
    }

    private void flush(AttemptTally tally) {
        AttemptTally.Flush flush = tally.flush();
        boolean durable = false;
        try {
            table.run("count replays", connection -> Transactions.run(connection, () -> attemptCounts(flush).apply(connection)));
            durable = true;
        } catch (StoreUnavailableException e) {
            LOG.debug("Idempotency store: replay attempt counts not written yet: {}", e.getMessage());
        } finally {
            flush.end(durable);
        }
    }
}
