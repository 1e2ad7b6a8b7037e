package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.Collection;

/**
 * What the keeper does in the background: renew the leases of requests still executing here,
 * purge expired records, and count records for its summary and the gauges.
 */
public interface LeaseUpkeep {

    /** Extends the leases of records still executing in this JVM; returns how many were renewed. */
    int renewLeases(Collection<LeaseRef> leases, Duration lease);

    /** Deletes at most {@code batchSize} records past {@code expires_at}; returns how many. */
    int purgeExpired(int batchSize);

    /**
     * How many records past {@code expires_at} {@link #purgeExpired} would delete now. A store may
     * keep an expired record a while before it can (the file store, until the record's slice of
     * expiry times has passed); those are not counted.
     */
    int countExpired();

    /** How many live (not expired) records are in {@code state}: for gauges and the keeper's summary. */
    int count(RecordState state);

    /**
     * How many live records are IN_PROGRESS past their lease: no JVM renews them (their owner died,
     * or its give-up failed as the store failed), and the next request for the key finds them
     * abandoned. The keeper counts them with the UNKNOWN ones.
     */
    int countStale();

    /** All records, expired ones included, and the bytes on disk: what an operator sizes the store by. */
    StoreFootprint footprint();
}
