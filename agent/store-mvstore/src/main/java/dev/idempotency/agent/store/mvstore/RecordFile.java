package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;
import java.nio.file.Path;
import java.util.HashMap;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's file, opened: an MVStore with two maps, the records (by {@link RecordKeys#record})
 * and the expiry index (by {@link RecordKeys#expiry}, empty values). Nothing is written until
 * {@link #commit}, which writes everything changed since as one new chunk before it returns: a
 * killed process keeps every commit that returned. MVStore's own background thread is off (it
 * would write half-made batches); the writer compacts between its batches instead. Pages are
 * written compressed (LZF): a commit rewrites whole leaf pages of records that differ in little
 * more than their keys, so a burst of new keys grew the file by 12 KB per key uncompressed and
 * by 3.7 KB compressed, with no fewer keys a second (docs/performance.md, "The two embedded
 * stores"). MVStore reads both kinds of page, so a file written before is read as it is.
 */
final class RecordFile implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RecordFile.class);
    private static final byte[] NOTHING = new byte[0];

    /**
     * How young a chunk MVStore neither rewrites nor reuses. Not what keeps the file openable after a
     * crash of the operating system: the {@link SyncFence} does that, whatever the retention. It is
     * one fence interval, so that compaction passes over the chunks of the last second, whose pages
     * the next commits are about to replace anyway. MVStore's own 45 s kept those 45 s of commits in
     * the file under churn: 0.6 GB of a 1.1 GB file where 0.3 GB was live, in a model at 100 new keys
     * a second (docs/performance.md, "At volume").
     */
    static final int RETENTION_MILLIS = (int) SyncFence.EVERY_MILLIS;

    private final MVStore store;
    private final SyncFence fence;
    private final MVMap<String, byte[]> records;
    private final MVMap<String, byte[]> expiry;
    /** Facts about the file itself (where its records came from), not records. */
    private final MVMap<String, String> about;

    /**
     * Not MVStore's single-writer maps, though one thread writes them: MVStore's compaction does
     * not rewrite their pages, and under churn the file grew to ten times its live data with them
     * (docs/performance.md, "At volume").
     */
    private RecordFile(MVStore store) {
        this.store = store;
        this.fence = new SyncFence(store);
        this.records = store.openMap("records",
                new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                        .valueType(ByteArrayDataType.INSTANCE));
        this.expiry = store.openMap("expiry",
                new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                        .valueType(ByteArrayDataType.INSTANCE));
        this.about = store.openMap("about", new MVMap.Builder<String, String>().keyType(StringDataType.INSTANCE)
                .valueType(StringDataType.INSTANCE));
    }

    /** Opens {@code file}, creating it if absent (and recovering it if a killed process left it). */
    static RecordFile open(Path file) {
        MvStoreCompaction.cleanUpAfterACopy(file.toString());
        EmptiestChunksFirst chunks = new EmptiestChunksFirst(new HashMap<>());
        chunks.open(file.toString(), false, null);
        MVStore store;
        try {
            store = new MVStore.Builder().adoptFileStore(chunks).autoCommitDisabled().compress().open();
        } catch (RuntimeException e) {
            chunks.close();
            throw e;
        }
        try {
            store.setRetentionTime(RETENTION_MILLIS);
            return new RecordFile(store);
        } catch (RuntimeException e) {
            store.closeImmediately();
            throw e;
        }
    }

    MVStore mvStore() {
        return store;
    }

    MVMap<String, byte[]> records() {
        return records;
    }

    MVMap<String, byte[]> expiry() {
        return expiry;
    }

    /** Records a fact about the file, written with the next commit. */
    void note(String fact, String value) {
        about.put(fact, value);
    }

    /** A fact noted before; null if none. */
    String noted(String fact) {
        return about.get(fact);
    }

    Row read(String recordKey) {
        byte[] bytes = records.get(recordKey);
        return bytes == null ? null : RowCodec.decode(bytes);
    }

    /** Stores {@code row} under {@code recordKey}, moving its index entry from where {@code before} had it. */
    void write(String recordKey, Row before, Row row) {
        if (before != null) {
            expiry.remove(RecordKeys.expiry(before.state, before.expiresAt, recordKey));
        }
        records.put(recordKey, RowCodec.encode(row));
        expiry.put(RecordKeys.expiry(row.state, row.expiresAt, recordKey), NOTHING);
    }

    void delete(String recordKey, Row before) {
        records.remove(recordKey);
        expiry.remove(RecordKeys.expiry(before.state, before.expiresAt, recordKey));
    }

    /**
     * Writes what changed since the last commit to the file; returns once it is written (to the
     * operating system: on the disk within about a second, {@link SyncFence}).
     */
    void commit() {
        if (store.hasUnsavedChanges()) {
            store.commit();
        }
        fence.moveIfDue();
    }

    /** Syncs of the file so far (for tests and benchmarks). */
    long syncs() {
        return fence.syncs();
    }

    /** For the writer while it idles: the commits of the last second, compaction's too, reach the disk. */
    void syncIfDue() {
        fence.moveIfDue();
    }

    boolean isClosed() {
        return store.isClosed();
    }

    /**
     * Closes the file after writing what is left; a file already closed (by a failed write) stays
     * closed. A file that is mostly dead space has its live data copied into a new file that takes
     * its place ({@link MvStoreCompaction#copiesAtClose}); any other is compacted in place for at
     * most {@link MvStoreCompaction#AT_CLOSE_MILLIS} ({@link MvStoreCompaction#atClose}). A copy
     * that fails (a full disk) leaves the file as it was.
     */
    @Override
    public void close() {
        fence.close();
        if (store.isClosed()) {
            return;
        }
        String fileName = store.getFileStore().getFileName();
        boolean copy = MvStoreCompaction.copiesAtClose(store);
        if (!copy) {
            new MvStoreCompaction().atClose(store);
        }
        store.close();
        if (copy) {
            try {
                MvStoreCompaction.copyLiveData(fileName);
            } catch (RuntimeException e) {
                MvStoreCompaction.cleanUpAfterACopy(fileName);
                LOG.warn("Idempotency store file {}: its live records were not copied into a smaller file ({}); "
                        + "it stays as it was", fileName, e.toString());
            }
        }
    }
}
