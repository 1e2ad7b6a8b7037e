package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.GroupCommit;

import dev.idempotency.agent.store.testing.KilledWriter;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * Run in a forked JVM by {@link H2DurabilityTest}: claims and completes records in an H2 file
 * store from several threads at once (so the writer batches them), reports how many commits that
 * took on stdout, says so, and waits to be killed without closing anything.
 */
public final class CompletesAndWaitsToBeKilled {

    private CompletesAndWaitsToBeKilled() {
    }

    /** Arguments: URL, number of records, number of threads. */
    public static void main(String[] args) throws Exception {
        String url = args[0];
        JdbcIdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url), JdbcStores.dialectFor(url));
        // Without the group-commit writer there are no shared commits to count: -1 says so.
        KilledWriter.completeAndWaitToBeKilled(store, args, () -> store.writeStrategy() instanceof GroupCommit writes
                ? writes.writer.batchesCommitted() : -1);
    }
}
