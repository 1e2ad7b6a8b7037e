package dev.idempotency.agent.metrics.prometheus;

import dev.idempotency.agent.store.LeaseUpkeep;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The store's counts of live records by state and its footprint (all records, bytes on disk), for scrapes: queried at most once per interval
 * however often Prometheus asks, so scraping never loads the store. An empty answer means the
 * store failed its last query.
 */
public final class StoreGauges {

    private final LeaseUpkeep store;
    private final long intervalNanos;
    private final LongSupplier nanoTime;
    private Counts last;
    private long readAt;
    private boolean read;

    public StoreGauges(LeaseUpkeep store, Duration interval) {
        this(store, interval, System::nanoTime);
    }

    StoreGauges(LeaseUpkeep store, Duration interval, LongSupplier nanoTime) {
        this.store = store;
        this.intervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /** The counts as of the last query, querying again when that is older than the interval. */
    public synchronized Optional<Counts> read() {
        long now = nanoTime.getAsLong();
        if (!read || now - readAt >= intervalNanos) {
            read = true;
            readAt = now;
            try {
                last = new Counts(store.count(RecordState.IN_PROGRESS), store.count(RecordState.UNKNOWN),
                        footprint());
            } catch (RuntimeException unavailable) {
                last = null;
            }
        }
        return Optional.ofNullable(last);
    }

    /** The footprint, or null: a store too slow to measure itself is still up. */
    private StoreFootprint footprint() {
        try {
            return store.footprint();
        } catch (RuntimeException slow) {
            return null;
        }
    }

    /** Live records in the two states an operator watches, and the store's size. */
    public static final class Counts {
        private final int inProgress;
        private final int unknown;
        private final StoreFootprint footprint;

        Counts(int inProgress, int unknown, StoreFootprint footprint) {
            this.inProgress = inProgress;
            this.unknown = unknown;
            this.footprint = footprint;
        }

        public int inProgress() { return inProgress; }
        public int unknown() { return unknown; }
        /** Empty when the store answered its counts but not its size. */
        public Optional<StoreFootprint> footprint() { return Optional.ofNullable(footprint); }
    }
}
