package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.StringDataType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's file, opened: an MVStore whose records are kept in {@link Slice}s of their expiry
 * times, each a map of records and its expiry index. A new key is written into the newest slice
 * of its ttl, the only one new keys change, and a slice is dropped whole once it has passed: the
 * pages a new key rewrites are young ones that the next commits replace anyway, never pages all over
 * the file, which compaction could not keep up with at a day's volume (docs/performance.md, "At
 * volume"). A claim's lookup asks only the slices whose {@link KeyFilter} may hold its key. A file
 * written before slices keeps its two maps as one slice, from which records leave as they change
 * or expire. Nothing is written until
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

    /**
     * How young a chunk MVStore neither rewrites nor reuses. Not what keeps the file openable after a
     * crash of the operating system: the {@link SyncFence} does that, whatever the retention. It is
     * one fence interval, so that compaction passes over the chunks of the last second, whose pages
     * the next commits are about to replace anyway. MVStore's own 45 s kept those 45 s of commits in
     * the file under churn: 0.6 GB of a 1.1 GB file where 0.3 GB was live, in a model at 100 new keys
     * a second (docs/performance.md, "At volume").
     */
    static final int RETENTION_MILLIS = (int) SyncFence.EVERY_MILLIS;
    /** The map a clean close keeps the slices' filters in, by slice. */
    private static final String SAVED_FILTERS = "saved-filters";
    /** The thread that fills the filters a clean close did not keep. */
    static final String FILLING_THREAD = "idempotency-store-filters";
    /** How long a close waits for the filling to stop. */
    private static final long FILLING_STOP_MILLIS = 2_000;

    private final MVStore store;
    private final SyncFence fence;
    /** Facts about the file itself (where its records came from), not records. */
    private final MVMap<String, String> about;
    /** The slices by name, for the writer. */
    private final Map<String, Slice> byName = new HashMap<>();
    /** The same slices, oldest end first, for readers on any thread: replaced whole by the writer. */
    private volatile Slice[] slices;
    /** Counts records moved from one slice to another, so that a read that raced a move reads again. */
    private volatile long moves;
    /** The thread filling the filters, while it may; null if none was needed. */
    private volatile Thread filling;
    private volatile boolean stopFilling;

    /**
     * Opens the slices the file has, their filters as a clean close kept them or else unfilled, for
     * {@link #startFilling}.
     */
    private RecordFile(MVStore store) {
        this.store = store;
        this.fence = new SyncFence(store);
        this.about = store.openMap("about", new MVMap.Builder<String, String>().keyType(StringDataType.INSTANCE)
                .valueType(StringDataType.INSTANCE));
        Map<String, byte[]> savedFilters = takeSavedFilters(store);
        List<Slice> found = new ArrayList<>();
        Slice unbounded = Slice.unbounded(store, savedFilters);
        if (unbounded != null) {
            found.add(unbounded);
        }
        for (String mapName : store.getMapNames()) {
            Slice slice = Slice.existing(store, mapName, savedFilters);
            if (slice != null) {
                found.add(slice);
            }
        }
        for (Slice slice : found) {
            byName.put(slice.name, slice);
        }
        publish();
    }

    /**
     * Fills the filters a clean close did not keep (a killed JVM) on a thread of their own, so that
     * the file serves at once: meanwhile a claim reads every slice ({@link KeyFilter#unfilled}), about
     * 0.4 ms a lookup at 2 M records in 25 slices against 0.04 through the filters, for the seconds the
     * filling takes (6 to 11 s at a day's 8.64 M records on two busy cores; docs/performance.md, "At
     * volume"), instead of the service's requests waiting that long for the store to open.
     */
    private void startFilling() {
        List<Slice> found = slices();
        if (found.stream().allMatch(slice -> slice.keys.filled())) {
            return;
        }
        filling = StoreThreads.named(FILLING_THREAD).start(() -> fill(found));
    }

    /** Stops the filling, if any, and waits a little for it: the file is about to close. */
    private void stopFilling() {
        Thread thread = filling;
        if (thread == null) {
            return;
        }
        stopFilling = true;
        try {
            thread.join(FILLING_STOP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void fill(List<Slice> found) {
        long started = System.nanoTime();
        long records = 0;
        for (Slice slice : found) {
            if (slice.keys.filled()) {
                continue;
            }
            try {
                if (!slice.fillFilter(() -> stopFilling)) {
                    return;
                }
                records += slice.records.sizeAsLong();
            } catch (RuntimeException e) {
                // the file closed under it, or the slice was dropped: a filter left unfilled only costs reads
                LOG.debug("Idempotency store: the key filter of {} was not filled: {}", slice.name, e.toString());
            }
        }
        LOG.info("Idempotency store: key filters of {} records filled in {} ms", records,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    }

    /** Whether every slice's filter is filled (for tests). */
    boolean filtersFilled() {
        return Arrays.stream(slices).allMatch(slice -> slice.keys.filled());
    }

    /**
     * The slices' filters as the last clean close left them, removed from the file with its next
     * commit: they hold every key only until a change, so a file that changed after this open and
     * was not closed cleanly (a killed JVM) has none, and its filters are filled from the keys again
     * while the file serves ({@link #startFilling}).
     */
    private static Map<String, byte[]> takeSavedFilters(MVStore store) {
        Map<String, byte[]> saved = new HashMap<>();
        if (store.hasMap(SAVED_FILTERS)) {
            MVMap<String, byte[]> filters = filterMap(store);
            for (Map.Entry<String, byte[]> filter : filters.entrySet()) {
                saved.put(filter.getKey(), filter.getValue());
            }
            store.removeMap(filters);
        }
        return saved;
    }

    /** For a clean close: every slice's filter, written with the close's commit. */
    private void saveFilters() {
        MVMap<String, byte[]> filters = filterMap(store);
        for (Slice slice : slices) {
            byte[] filter = slice.keys.toBytes();
            if (filter != null) {
                filters.put(slice.name, filter);
            }
        }
    }

    private static MVMap<String, byte[]> filterMap(MVStore store) {
        return Slice.map(store, SAVED_FILTERS);
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
            RecordFile opened = new RecordFile(store);
            opened.startFilling();
            return opened;
        } catch (RuntimeException e) {
            store.closeImmediately();
            throw e;
        }
    }

    MVStore mvStore() {
        return store;
    }

    /** The slices, the oldest end first (the file's slice from before slices, if any, first of all). */
    List<Slice> slices() {
        return Arrays.asList(slices);
    }

    /** Records a fact about the file, written with the next commit. */
    void note(String fact, String value) {
        about.put(fact, value);
    }

    /** A fact noted before; null if none. */
    String noted(String fact) {
        return about.get(fact);
    }

    /**
     * The record stored under {@code recordKey}, from whichever slice holds it (the newest are
     * asked first; a slice whose filter has never seen the key is not read); null if none.
     */
    Row read(String recordKey) {
        while (true) {
            long movesBefore = moves;
            Slice[] now = slices;
            for (int i = now.length - 1; i >= 0; i--) {
                Row row = now[i].read(recordKey);
                if (row != null) {
                    return row;
                }
            }
            if (moves == movesBefore) {
                return null;
            }
            // The record moved between two slices while they were read: not absent, read again.
        }
    }

    /**
     * Stores {@code row} under {@code recordKey}: in the slice {@code before} was read from while
     * its expiry stays in that slice, otherwise in the slice of its new expiry, in the same commit.
     */
    void write(String recordKey, Row before, Row row) {
        Slice from = before == null ? null : before.slice;
        if (from != null && from.holdsExpiry(row.expiresAt)) {
            from.write(recordKey, before, row);
            return;
        }
        sliceOf(row).write(recordKey, null, row);
        if (from != null) {
            // Counted before it leaves the old slice: a reader that then misses it there reads again.
            moves++;
            from.delete(recordKey, before);
        }
    }

    void delete(String recordKey, Row before) {
        before.slice.delete(recordKey, before);
    }

    /** Removes a passed slice whose records have all been purged, or are counted as purged now. */
    void drop(Slice slice) {
        byName.remove(slice.name);
        publish();
        slice.drop(store);
    }

    private Slice sliceOf(Row row) {
        int bits = Slice.widthBits(row.expiresAt - row.createdAt);
        String name = Slice.nameOf(bits, row.expiresAt);
        Slice slice = byName.get(name);
        if (slice != null) {
            return slice;
        }
        // A new slice will likely hold as many keys as the fullest of its width: one filter, not a chain.
        long expected = 0;
        for (Slice other : slices) {
            if (other.width() == 1L << bits) {
                expected = Math.max(expected, other.records.sizeAsLong());
            }
        }
        slice = Slice.named(store, name, expected + expected / 4);
        byName.put(name, slice);
        publish();
        return slice;
    }

    private void publish() {
        List<Slice> all = new ArrayList<>(byName.values());
        all.sort(Comparator.comparing(Slice::bounded).thenComparingLong(slice -> slice.end)
                .thenComparingLong(slice -> slice.start));
        slices = all.toArray(new Slice[0]);
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
        stopFilling();
        if (store.isClosed()) {
            return;
        }
        saveFilters();
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
