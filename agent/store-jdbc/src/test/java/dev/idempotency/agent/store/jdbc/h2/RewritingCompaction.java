package dev.idempotency.agent.store.jdbc.h2;

import java.sql.Connection;
import java.sql.SQLException;

import org.h2.mvstore.MVStore;

import dev.idempotency.agent.store.jdbc.RecordTable;
import dev.idempotency.agent.store.jdbc.WriteStrategy;

/**
 * The writer's compaction without its chunk moves: it rewrites the live pages of sparse chunks,
 * and the chunks this empties stay in the file for the retention time, as chunks do that commits
 * empty. For tests of H2's recovery of such a file.
 */
public final class RewritingCompaction implements GroupCommitWriter.IdleWork {

    private RewritingCompaction() {
    }

    /** The group-commit writer, compacting by rewriting alone. */
    public static WriteStrategy groupCommit(RecordTable table, long waitMillis) {
        return new GroupCommit(table, waitMillis, new RewritingCompaction());
    }

    @Override
    public boolean step(Connection connection) throws SQLException {
        MVStore store = H2Files.mvStore(connection);
        if (store == null || !store.compact(MvStoreCompaction.TARGET_FILL_PERCENT, MvStoreCompaction.REWRITE_BYTES)) {
            return false;
        }
        store.commit();
        return true;
    }
}
