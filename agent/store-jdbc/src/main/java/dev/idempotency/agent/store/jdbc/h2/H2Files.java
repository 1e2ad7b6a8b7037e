package dev.idempotency.agent.store.jdbc.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import org.h2.engine.Database;
import org.h2.engine.Session;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStore;

/**
 * The embedded H2 database behind a connection, reached through H2's own classes for what SQL
 * does not offer: the file's MVStore (to compact it and to count its live bytes) and the length
 * up to which a LOB value is kept in its row.
 */
public final class H2Files {

    /**
     * Bodies and header texts up to this many bytes are kept in their row (H2 keeps up to 256 by
     * default): a larger one is stored as a LOB, which adds the pages of H2's LOB maps to the
     * commit that writes it and to the purge that deletes it.
     */
    public static final int IN_ROW_LOB_BYTES = 4096;

    private H2Files() {
    }

    /** The store of an embedded file database; null for a server, an in-memory database or another driver. */
    public static MVStore mvStore(Connection connection) throws SQLException {
        Database database = embedded(connection);
        org.h2.mvstore.db.Store store = database == null ? null : database.getStore();
        MVStore mvStore = store == null ? null : store.getMvStore();
        return mvStore == null || mvStore.getFileStore() == null ? null : mvStore;
    }

    /**
     * Keeps LOB values up to {@value #IN_ROW_LOB_BYTES} bytes in their row from now on, for this
     * process's use of an embedded file (not recorded in the file: LOBs stored before stay where
     * they are and read as before, and so do in-row values under another setting). A no-op for a
     * server, and for a database that keeps more in the row already (in memory: everything).
     */
    static void keepSmallLobsInRow(Connection connection) throws SQLException {
        Database database = embedded(connection);
        if (database != null && database.isPersistent() && database.getMaxLengthInplaceLob() < IN_ROW_LOB_BYTES) {
            database.setMaxLengthInplaceLob(IN_ROW_LOB_BYTES);
        }
    }

    private static Database embedded(Connection connection) throws SQLException {
        if (!connection.isWrapperFor(JdbcConnection.class)) {
            return null;
        }
        Session session = connection.unwrap(JdbcConnection.class).getSession();
        return session instanceof SessionLocal ? ((SessionLocal) session).getDatabase() : null;
    }

    /**
     * The bytes of the file that hold live pages, as H2 records them in its layout: each chunk's
     * length times the live share of its pages (as of the chunk's last saved metadata). Not
     * {@code FileStore.size() x getFillRate() x getChunksFillRate()}, H2's own whole percentages:
     * read from another thread while the writer commits, those three come from different moments,
     * and two readings milliseconds apart differed by up to half.
     */
    public static long liveBytes(MVStore mvStore) {
        long live = 0;
        for (Map.Entry<String, String> entry : mvStore.getLayoutMap().entrySet()) {
            if (entry.getKey().startsWith("chunk.")) {
                Map<String, String> chunk = DataUtils.parseMap(entry.getValue());
                long length = DataUtils.readHexLong(chunk, "len", 0) * BLOCK_SIZE;
                long max = DataUtils.readHexLong(chunk, "max", 0);
                long liveMax = DataUtils.readHexLong(chunk, "liveMax", max);
                live += max == 0 ? 0 : (long) (length * (liveMax / (double) max));
            }
        }
        return live;
    }

    /** MVStore's block: chunk lengths are counted in these. */
    private static final int BLOCK_SIZE = 4096;
}
