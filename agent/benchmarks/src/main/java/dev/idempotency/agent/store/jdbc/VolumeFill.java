package dev.idempotency.agent.store.jdbc;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.load;
import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/** The volume benchmark's bulk fill: plain SQL inserts of {@link BulkFill}'s rows on connections of their own. */
final class VolumeFill {

    /** Connections filling at once: the database does the work, two keep both of its cores busy. */
    private static final int FILL_THREADS = 2;
    private static final int PROGRESS_SECONDS = 30;

    private VolumeFill() {
    }

    /**
     * Rows {@code from} to {@code to} in chunks of {@link BulkFill#CHUNK}, taken in turn by
     * {@value #FILL_THREADS} connections; reports progress every {@value #PROGRESS_SECONDS} s. Past
     * the deadline no chunk is begun: returns the end of the rows filled, {@code to} unless the
     * deadline came first.
     */
    static long fill(DataSource filler, BulkFill fill, long from, long to, boolean expired, long deadline)
            throws Exception {
        AtomicLong next = new AtomicLong(from);
        AtomicLong inserted = new AtomicLong();
        List<Exception> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < FILL_THREADS; t++) {
            Thread thread = new Thread(() -> {
                try (Connection connection = filler.getConnection()) {
                    while (failures.isEmpty() && System.nanoTime() - deadline < 0) {
                        long start = next.getAndAdd(BulkFill.CHUNK);
                        if (start >= to) {
                            return;
                        }
                        long end = Math.min(to, start + BulkFill.CHUNK);
                        fill.insert(connection, start, end, expired);
                        inserted.addAndGet(end - start);
                    }
                } catch (SQLException | RuntimeException e) {
                    failures.add(e);
                }
            }, "volume-fill-" + t);
            thread.start();
            threads.add(thread);
        }
        long started = System.nanoTime();
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                thread.join(PROGRESS_SECONDS * 1_000L);
                if (thread.isAlive()) {
                    double seconds = (System.nanoTime() - started) / 1e9;
                    say("  %,d of %,d %srecords in %.0f s (%,.0f records/s, load %.1f)", inserted.get(), to - from,
                            expired ? "expired " : "", seconds, inserted.get() / seconds, load());
                }
            }
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        // Every chunk handed out below the end was filled: the rows are from..min(to, next) without a gap.
        return Math.min(to, next.get());
    }
}
