package dev.idempotency.agent.store.jdbc.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import org.h2.mvstore.MVStore;

/**
 * Compacts an embedded H2 file while the store runs. H2 writes every commit as a new chunk of
 * whole pages and compacts only in its background thread, which {@code WRITE_DELAY=0} (the
 * agent's durable commits) switches off: chunks that keep a few live pages are never freed, and
 * the file grows by what was written, not by what is live. The writer thread, the only writer,
 * runs one {@link MvStoreCompaction} step on the database's MVStore between batches while no write
 * waits, until a step finds nothing left once H2's retention time has passed since the last
 * write (then again after the next commit); a purge holds the steps back while it runs
 * ({@link GroupCommit}), as it empties the chunks such a step would rewrite. H2 keeps its
 * retention time for freed chunks and syncs the file before it overwrites a moved chunk's old
 * place, so a commit acknowledged before a step survives a killed process as before. When the
 * store closes, the writer compacts the whole file once ({@link #atClose}): a burst leaves the
 * steps no moment while it lasts.
 */
public final class H2FileCompaction implements GroupCommitWriter.IdleWork {

    private final MvStoreCompaction compaction = new MvStoreCompaction();

    @Override
    public boolean step(Connection connection) throws SQLException {
        MVStore store = H2Files.mvStore(connection);
        return store != null && compaction.step(store);
    }

    /**
     * The whole file, at the store's close: its live data copied into a new file where the file is
     * mostly dead space ({@link MvStoreCompaction#copiesAtClose}), through H2's own
     * {@code SHUTDOWN COMPACT}, which closes the database, copies (compressed) and renames; else
     * compacted in place for a bounded time ({@link MvStoreCompaction#atClose}).
     */
    @Override
    public void atClose(Connection connection) throws SQLException {
        MVStore store = H2Files.mvStore(connection);
        if (store == null) {
            return;
        }
        if (MvStoreCompaction.copiesAtClose(store)) {
            try (Statement shutdown = connection.createStatement()) {
                shutdown.execute("SHUTDOWN COMPACT");
            }
        } else {
            compaction.atClose(store);
        }
    }

    /** Steps taken on a file so far (for benchmarks). */
    public long steps() {
        return compaction.steps();
    }

    /** The time spent in steps so far (for benchmarks). */
    public long totalStepNanos() {
        return compaction.totalStepNanos();
    }

    /** Steps so far that moved chunks (for benchmarks). */
    public long moves() {
        return compaction.moves();
    }

    /** The longest step so far: the longest a write could have waited for compaction. */
    public long longestStepNanos() {
        return compaction.longestStepNanos();
    }
}
