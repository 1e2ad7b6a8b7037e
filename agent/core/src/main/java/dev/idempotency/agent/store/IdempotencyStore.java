package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Persistence of idempotency records. Every method is one short transaction; every change to a
 * claimed record is fenced by its token, so a stale owner can never overwrite a newer one.
 * Methods throw {@link StoreUnavailableException} when the store cannot be reached.
 */
public interface IdempotencyStore extends AutoCloseable {

    /**
     * Atomically claims {@code (scope, key)} as IN_PROGRESS, or returns the live record that
     * already holds it. A record past its {@code expires_at} counts as absent and is replaced in
     * the same atomic step. Every call increments the record's attempt count. Never
     * check-then-insert: the primary key decides the race.
     */
    ClaimResult claim(ClaimRequest request);

    /**
     * Takes over an IN_PROGRESS or UNKNOWN record whose lease has expired (crash policy
     * {@code reexecute}, or an operator's release): succeeds only if the token is still
     * {@code expectedToken}; bumps the fencing token.
     */
    Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken);

    /** Marks an IN_PROGRESS record whose lease expired as UNKNOWN (crash policy {@code unknown}). */
    boolean markUnknown(String scope, String key, long expectedToken);

    /** Stores the outcome and starts the TTL; false when the token no longer owns the record. */
    boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl);

    /** Deletes the claim so the next request executes; false when the token no longer owns it. */
    boolean release(String scope, String key, long fencingToken);

    /** Extends the leases of records still executing in this JVM; returns how many were renewed. */
    int renewLeases(Collection<LeaseRef> leases, Duration lease);

    /** Deletes at most {@code batchSize} records past {@code expires_at}; returns how many. */
    int purgeExpired(int batchSize);

    /**
     * An operator's answer for a record whose owner is gone: stores {@code response} as the outcome
     * that retries replay, as {@link #complete} would. Fenced like every change: only while the
     * token is still {@code expectedToken} and the record is UNKNOWN or IN_PROGRESS with an expired
     * lease, or IN_PROGRESS with a live lease when {@code evenIfLeaseLive} (the operator's force).
     */
    boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response, Duration ttl,
            boolean evenIfLeaseLive);

    /**
     * An operator's release of a record whose owner is gone: deletes it so the next retry executes.
     * Fenced as {@link #resolveComplete}.
     */
    boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive);

    /** How many records are past {@code expires_at} (what {@link #purgeExpired} would delete). */
    int countExpired();

    /** How many live (not expired) records are in {@code state}: for gauges and the keeper's summary. */
    int count(RecordState state);

    /** The record as stored (for operators and tests). */
    Optional<StoredRecord> find(String scope, String key);

    /** Records in a state, oldest first (for operators). */
    List<StoredRecord> list(RecordState state, Duration olderThan, int limit);

    @Override
    void close();
}
