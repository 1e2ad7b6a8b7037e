package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.List;

/**
 * What an operator does by hand, through the command line: settle a record whose owner is gone
 * (replay an answer, or release it so the next retry executes) and list records by state.
 */
public interface OperatorWork {

    /**
     * An operator's answer for a record whose owner is gone: stores {@code response} as the outcome
     * that retries replay, as {@link RequestWork#complete} would. Fenced like every change: only while the
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

    /** Records in a state, oldest first (for operators). */
    List<StoredRecord> list(RecordState state, Duration olderThan, int limit);
}
