package dev.idempotency.agent.store.mvstore;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredResponse;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStore;

/** The volume benchmark's view into the file store: its MVStore, its retention, its compaction. */
public final class FileStoreProbe {

    static final int PREFILL_COMMIT_EVERY = 1_000;
    /** The chunks' bands by live share, as {@link #band} numbers them. */
    static final String[] BANDS = {"<25%", "<50%", "<75%", "<100%", "full"};

    private FileStoreProbe() {
    }

    /** The path a file store's URL names, without its suffix: where the SQL store's file it imports lies. */
    public static Path basePath(String url) {
        return FileStores.basePath(url);
    }

    /**
     * Writes {@code count} completed records into a new store file at {@code url}'s path, the i-th
     * expiring {@code i * ttl / count} from now, created a ttl before that (the live records a TTL of
     * steady traffic leaves), under keys shaped as random UUIDs, a commit every
     * {@value #PREFILL_COMMIT_EVERY} records as the import of an earlier store writes them. The
     * records of one slice of expiry times are written in their keys' order, and those keys are
     * spread over all keys, as a day's keys are. Returns the records written.
     */
    public static long prefill(String url, long count, Duration ttl, StoredResponse[] responses) {
        Path file = FileStores.storeFile(url);
        long now = System.currentTimeMillis();
        try (RecordFile target = RecordFile.open(file)) {
            long ttlMillis = ttl.toMillis();
            long perSlice = Math.max(1, count * (1L << Slice.widthBits(ttlMillis)) / ttlMillis);
            long stride = Long.divideUnsigned(-1L, perSlice);
            SplittableRandom random = new SplittableRandom();
            for (long i = 0; i < count; i++) {
                String key = orderedUuid((i % perSlice) * stride + i / perSlice, random.nextLong());
                Row row = Row.claimed(new ClaimRequest("", key, "POST /orders", "fp-" + key, "prefill", "req-" + key,
                        ttl, ttl), 1, now);
                row.complete(responses[(int) (i % responses.length)], ttlMillis * i / count, now);
                row.createdAt = row.expiresAt - ttlMillis;
                row.completedAt = row.createdAt;
                target.write(RecordKeys.record("", key), null, row);
                if ((i + 1) % PREFILL_COMMIT_EVERY == 0) {
                    target.commit();
                }
            }
            target.commit();
        }
        return count;
    }

    /**
     * A key shaped as a random UUID whose first half is {@code high}: keys written in the order of
     * their {@code high} are written in the map's own order, a page filled after another (random
     * keys would rewrite every leaf at each commit of a fill), and spread over the whole key space
     * as the random keys the churn then adds among them.
     */
    private static String orderedUuid(long high, long low) {
        return String.format(Locale.ROOT, "%08x-%04x-%04x-%04x-%012x", high >>> 32, (high >>> 16) & 0xffff,
                high & 0xffff, low >>> 48, low & 0xffffffffffffL);
    }

    /**
     * Opens the store of {@code settings}; {@code retentionMillis} at or above 0 replaces the store's
     * retention, {@code -Dvolume.hold-ms=N} the time its writer holds outcomes for a claim.
     */
    public static IdempotencyStore open(StoreSettings settings, int retentionMillis) {
        IdempotencyStore store = FileStores.open(settings, Long.getLong("volume.hold-ms", SingleWriter.HOLD_BEHIND_MILLIS));
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

    /**
     * What the writer's compaction has done, how full the chunks and the file are, what the steps
     * chose, and which maps' live pages the chunks hold ({@link PageCensus}).
     */
    public static String compaction(IdempotencyStore store) {
        SingleWriter writer = ((FileRecordStore) store).writer();
        return String.format(Locale.ROOT, "compaction on the writer: %,d steps, %,.1f s in all, the longest %.2f ms; "
                + "%,d batches committed, %,d syncs, retention %d ms, versions kept %d; chunks %d%% full, file %d%% full",
                writer.compaction().steps(), writer.compaction().totalStepNanos() / 1e9,
                writer.compaction().longestStepNanos() / 1e6, writer.batchesCommitted(),
                ((FileRecordStore) store).file().forReading().syncs(),
                mvStore(store).getRetentionTime(), mvStore(store).getVersionsToKeep(),
                mvStore(store).getFileStore().getChunksFillRate(), mvStore(store).getFileStore().getFillRate())
                + "; " + chunkProfile(mvStore(store)) + "; " + chosen((EmptiestChunksFirst) mvStore(store).getFileStore())
                + System.lineSeparator() + PageCensus.of(mvStore(store));
    }

    private static String chosen(EmptiestChunksFirst file) {
        return String.format(Locale.ROOT, "steps chose %,d chunks to rewrite, %,d MB live in them",
                file.chosenChunks(), file.chosenLiveBytes() / 1_000_000);
    }

    /**
     * The chunks by how full they are, as the file's layout map records them: how many, the MB they
     * take, and how many hold more live data than a compaction step rewrites (MVStore never picks
     * those for a step).
     */
    static String chunkProfile(MVStore mvStore) {
        int[] count = new int[5];
        long[] blocks = new long[5];
        int tooLive = 0;
        long liveBytes = 0;
        for (Map.Entry<String, String> entry : mvStore.getLayoutMap().entrySet()) {
            if (!entry.getKey().startsWith("chunk.")) {
                continue;
            }
            Map<String, String> chunk = DataUtils.parseMap(entry.getValue());
            long max = hex(chunk, "max", 0);
            long live = hex(chunk, "liveMax", max);
            int bucket = band(max, live);
            count[bucket]++;
            blocks[bucket] += hex(chunk, "len", 0);
            if (live > 256 * 1024) {
                tooLive++;
            }
            liveBytes += live;
        }
        StringBuilder profile = new StringBuilder("chunks by live share (count / MB):");
        for (int i = 0; i < 5; i++) {
            profile.append(String.format(Locale.ROOT, " %s %,d / %,d", BANDS[i], count[i], blocks[i] * 4096 / 1_000_000));
        }
        return profile.append(String.format(Locale.ROOT, "; over 256 KB live: %,d; live pages %,d MB", tooLive,
                liveBytes / 1_000_000)).toString();
    }

    /** Which quarter of its length a chunk has live: an index into {@link #BANDS}. */
    static int band(long max, long live) {
        return max == 0 ? 0 : (int) Math.min(4, live * 4 / max);
    }

    /** A field of a chunk's entry in the file's layout map, hex as MVStore writes it. */
    static long hex(Map<String, String> map, String key, long absent) {
        String value = map.get(key);
        return value == null ? absent : Long.parseLong(value, 16);
    }
}
