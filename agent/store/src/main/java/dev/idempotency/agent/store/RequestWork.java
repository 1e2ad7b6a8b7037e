package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What a request needs of the store, each call one short transaction: claim a key, take over or
 * mark a claim whose owner died, finish it (complete or release, fenced by token), withdraw a
 * claim whose answer was lost, read a record.
 * Methods throw {@link StoreUnavailableException} when the store cannot be reached.
 */
public interface RequestWork {

    /**
     * Atomically claims {@code (scope, key)} as IN_PROGRESS, or returns the live record that
     * already holds it. A record past its {@code expires_at} counts as absent and is replaced in
     * the same atomic step. Every call counts an attempt of the record: a claim in the same step,
     * a replay perhaps a moment later (the JDBC stores write replays' counts in batches, off the
     * request's thread, so a count not yet written when the JVM dies is lost). Never
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

    /**
     * The owner of a claim gives it up as UNKNOWN, lease live or not: its application ran, and the
     * outcome cannot be stored. False when the token no longer owns an IN_PROGRESS record.
     */
    boolean giveUp(String scope, String key, long fencingToken);

    /** Stores the outcome and starts the TTL; false when the token no longer owns the record. */
    boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl);

    /**
     * Stores each completion's outcome as {@link #complete} does and gives each its answer. A store
     * that {@link #completesTogether} writes them in one round trip; by default each is written
     * alone, in order. Every completion is answered, each with its own failure where it failed.
     */
    default void completeAll(List<? extends Completion> completions) {
        for (Completion completion : completions) {
            boolean completed;
            try {
                completed = complete(completion.scope(), completion.key(), completion.fencingToken(),
                        completion.response(), completion.ttl());
            } catch (RuntimeException e) {
                completion.failed(e);
                continue;
            }
            completion.stored(completed);
        }
    }

    /**
     * Whether {@link #completeAll} writes its completions together, in one round trip: outcomes
     * written behind the responses are then gathered for it.
     */
    default boolean completesTogether() {
        return false;
    }

    /** Deletes the claim so the next request executes; false when the token no longer owns it. */
    boolean release(String scope, String key, long fencingToken);

    /**
     * Deletes the record {@code claim} may have written though its answer never reached this JVM
     * (the connection broke after the store committed it): the request was refused and its handler
     * never ran, so the key must be free for the retry (the keeper's work, or the retry's when it
     * reaches this JVM first). Only a record still IN_PROGRESS or UNKNOWN
     * and still the claim's own (its owner and first request id) is deleted; one another request
     * took over, or completed, stays. Returns whether a record was deleted.
     */
    boolean withdrawUnstarted(ClaimRequest claim);

    /** The record as stored (for operators and tests). */
    Optional<StoredRecord> find(String scope, String key);
}
