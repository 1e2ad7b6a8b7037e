package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import org.h2.mvstore.MVStore;

/** The volume benchmark's view into the file store: its MVStore, its retention, its compaction. */
public final class FileStoreProbe {

    private FileStoreProbe() {
    }

    /** Opens the store of {@code settings}; {@code retentionMillis} at or above 0 replaces the store's retention. */
    public static IdempotencyStore open(StoreSettings settings, int retentionMillis) {
        IdempotencyStore store = FileStores.open(settings);
        if (retentionMillis >= 0) {
            mvStore(store).setRetentionTime(retentionMillis);
        }
        Integer versions = Integer.getInteger("volume.versions-to-keep");
        if (versions != null) {
            mvStore(store).setVersionsToKeep(versions);
        }
        return store;
    }

    public static MVStore mvStore(IdempotencyStore store) {
        return ((FileRecordStore) store).file().forReading().mvStore();
    }

    public static String compaction(IdempotencyStore store) {
        SingleWriter writer = ((FileRecordStore) store).writer();
        return String.format(java.util.Locale.ROOT, "compaction on the writer: %,d steps, the longest %.2f ms; "
                + "%,d batches committed, retention %d ms, versions kept %d; chunks %d%% full, file %d%% full",
                writer.compaction().steps(), writer.compaction().longestStepNanos() / 1e6, writer.batchesCommitted(),
                mvStore(store).getRetentionTime(), mvStore(store).getVersionsToKeep(),
                mvStore(store).getFileStore().getChunksFillRate(), mvStore(store).getFileStore().getFillRate());
    }
}
