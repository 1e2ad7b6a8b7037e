package dev.idempotency.agent.cli;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What the store commands do with records: on a store the command opened itself, or through the
 * running service that holds the file store's file ({@link ServiceRecords}). Same meaning as the
 * store's methods of the same names; {@code StoreUnavailableException} when the store cannot be
 * reached.
 */
interface RecordAccess extends AutoCloseable {

    Optional<StoredRecord> find(String scope, String key);

    List<StoredRecord> list(RecordState state, Duration olderThan, int limit);

    boolean resolveRelease(String scope, String key, long expectedToken, boolean force);

    boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response, Duration ttl,
            boolean force);

    int countExpired();

    int purgeExpired(int batchSize);

    @Override
    void close();

    /** The records of a store this command opened; closing this closes the store. */
    static RecordAccess of(IdempotencyStore store) {
        return new RecordAccess() {
            @Override
            public Optional<StoredRecord> find(String scope, String key) {
                return store.find(scope, key);
            }

            @Override
            public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
                return store.list(state, olderThan, limit);
            }

            @Override
            public boolean resolveRelease(String scope, String key, long expectedToken, boolean force) {
                return store.resolveRelease(scope, key, expectedToken, force);
            }

            @Override
            public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
                    Duration ttl, boolean force) {
                return store.resolveComplete(scope, key, expectedToken, response, ttl, force);
            }

            @Override
            public int countExpired() {
                return store.countExpired();
            }

            @Override
            public int purgeExpired(int batchSize) {
                return store.purgeExpired(batchSize);
            }

            @Override
            public void close() {
                store.close();
            }
        };
    }
}
