package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.store.jdbc.h2.RewritingCompaction;
import dev.idempotency.agent.store.testing.KilledWriter;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * Run in a forked JVM by {@link H2DurabilityTest}: claims and completes records in an H2 file in
 * rounds with pauses between them (so that the writer compacts the file while idle), reporting
 * each round, until it is killed.
 */
public final class ChurnsUntilKilled {

    private ChurnsUntilKilled() {
    }

    /** Arguments: URL, key prefix, number of threads. */
    public static void main(String[] args) throws Exception {
        KilledWriter.churnUntilKilled(JdbcStores.open(StoreSettings.forUrl(args[0])), args);
    }

    /** The same, with a writer whose compaction rewrites chunks and never moves them ({@link RewritingCompaction}). */
    public static final class RewritingOnly {

        private RewritingOnly() {
        }

        /** Arguments: URL, key prefix, number of threads. */
        public static void main(String[] args) throws Exception {
            KilledWriter.churnUntilKilled(JdbcStores.open(StoreSettings.forUrl(args[0]), new H2Dialect(),
                    (table, settings, waitMillis) -> RewritingCompaction.groupCommit(table, waitMillis)), args);
        }
    }
}
