package dev.idempotency.agent.store.mvstore;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;

/**
 * The records whose expiry falls in one slice of time: a map of them (by {@link RecordKeys#record})
 * and their expiry index (by {@link RecordKeys#expiry}, empty values), both dropped whole once the
 * slice has passed and its index has been purged. A slice is {@code 2^bits} milliseconds of expiry
 * times; its name says which. The file written before slices keeps its two maps as one slice that
 * never ends ({@link #unbounded}), purged record by record, and takes no new records.
 */
final class Slice {

    private static final byte[] NOTHING = new byte[0];
    private static final String PREFIX = "slice-";
    private static final String RECORDS = "-records";
    private static final String EXPIRY = "-expiry";
    private static final int SLICES_A_LIFETIME = 16;
    /** About 18.6 hours: a ttl of a week still spans 9 slices. */
    private static final int MAX_BITS = 26;
    /** How often a filter's filling asks whether to stop: a close waits no longer than this many keys take. */
    private static final int STOP_CHECK_KEYS = 4096;

    final String name;
    /** The expiry times the slice holds: from {@code start} (inclusive) to {@code end} (exclusive). */
    final long start;
    final long end;
    final MVMap<String, byte[]> records;
    final MVMap<String, byte[]> expiry;
    final KeyFilter keys;
    private volatile boolean dropped;

    private Slice(String name, long start, long end, MVMap<String, byte[]> records, MVMap<String, byte[]> expiry,
            KeyFilter keys) {
        this.name = name;
        this.start = start;
        this.end = end;
        this.records = records;
        this.expiry = expiry;
        this.keys = keys;
    }

    /**
     * How wide a slice a record lands in: a power of two of milliseconds between a 32nd and a 16th of
     * the time from its creation to its expiry, so that a ttl spans 16 to 32 slices and a passed
     * slice's expired records wait at most that long to be dropped; at most {@code 2^MAX_BITS} ms.
     */
    static int widthBits(long lifetimeMillis) {
        long sixteenth = Math.max(1, lifetimeMillis / SLICES_A_LIFETIME);
        return Math.min(MAX_BITS, 63 - Long.numberOfLeadingZeros(sixteenth));
    }

    /** The name of the slice {@code 2^bits} ms wide that holds {@code expiresAt}. */
    static String nameOf(int bits, long expiresAt) {
        return PREFIX + bits + "-" + Long.toHexString(expiresAt >> bits);
    }

    /**
     * The slice of a map of {@code store}, opened, with its filter as {@code savedFilters} holds it
     * (by the slice's name) or else {@link KeyFilter#unfilled}, for {@link #fillFilter}; null if the
     * map is not a slice's records.
     */
    static Slice existing(MVStore store, String mapName, Map<String, byte[]> savedFilters) {
        if (!mapName.startsWith(PREFIX) || !mapName.endsWith(RECORDS)) {
            return null;
        }
        String name = mapName.substring(0, mapName.length() - RECORDS.length());
        KeyFilter saved = saved(savedFilters, name);
        return named(store, name, saved != null ? saved : KeyFilter.unfilled(), 0);
    }

    /**
     * The slice called {@code name} ({@link #nameOf}), opened: created if the file has no such slice,
     * its filter made for {@code expectedKeys} keys or for the keys it has, whichever is more.
     */
    static Slice named(MVStore store, String name, long expectedKeys) {
        return named(store, name, null, expectedKeys);
    }

    private static Slice named(MVStore store, String name, KeyFilter saved, long expectedKeys) {
        String[] parts = name.substring(PREFIX.length()).split("-");
        int bits = Integer.parseInt(parts[0]);
        long index = Long.parseLong(parts[1], 16);
        MVMap<String, byte[]> records = map(store, name + RECORDS);
        return new Slice(name, index << bits, (index + 1) << bits, records, map(store, name + EXPIRY),
                saved != null ? saved : filled(records, expectedKeys, () -> false));
    }

    private static KeyFilter saved(Map<String, byte[]> savedFilters, String name) {
        byte[] bytes = savedFilters.get(name);
        return bytes == null ? null : KeyFilter.fromBytes(bytes);
    }

    /** The two maps of a file written before slices, if it has them; null if not. */
    static Slice unbounded(MVStore store, Map<String, byte[]> savedFilters) {
        if (!store.hasMap("records")) {
            return null;
        }
        MVMap<String, byte[]> records = map(store, "records");
        KeyFilter saved = saved(savedFilters, "records");
        return new Slice("records", Long.MIN_VALUE, Long.MAX_VALUE, records, map(store, "expiry"),
                saved != null ? saved : KeyFilter.unfilled());
    }

    /**
     * Fills an {@link KeyFilter#unfilled} filter from every key the slice holds now, on the calling
     * thread, while the writer goes on; false, the filter left unfilled, if {@code stop} said so first.
     * A slice dropped meanwhile fails here as its map does.
     */
    boolean fillFilter(BooleanSupplier stop) {
        KeyFilter filter = filled(records, 0, stop);
        if (filter == null) {
            return false;
        }
        keys.fill(filter);
        return true;
    }

    /** Every key of {@code records} in a new filter; null if {@code stop} said so before the last. */
    private static KeyFilter filled(MVMap<String, byte[]> records, long expectedKeys, BooleanSupplier stop) {
        long size = records.sizeAsLong();
        KeyFilter filter = new KeyFilter(Math.max(expectedKeys, size + size / 4));
        long added = 0;
        for (Iterator<String> keys = records.keyIterator(null); keys.hasNext(); ) {
            if (++added % STOP_CHECK_KEYS == 0 && stop.getAsBoolean()) {
                return null;
            }
            filter.add(keys.next());
        }
        return filter;
    }

    /**
     * A map of texts to bytes, as each of the file's maps of records, indexes and filters is. Not
     * MVStore's single-writer maps, though one thread writes them: MVStore's compaction does not
     * rewrite their pages, and under churn the file grew to ten times its live data with them
     * (docs/performance.md, "At volume").
     */
    static MVMap<String, byte[]> map(MVStore store, String name) {
        return store.openMap(name, new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE));
    }

    long width() {
        return end - start;
    }

    boolean bounded() {
        return end != Long.MAX_VALUE;
    }

    /** A record expiring at {@code expiresAt} may stay here: the unbounded slice keeps none that changes. */
    boolean holdsExpiry(long expiresAt) {
        return bounded() && start <= expiresAt && expiresAt < end;
    }

    /** Every record in it has expired by {@code now}. */
    boolean passed(long now) {
        return bounded() && end <= now + 1;
    }

    /** The row stored under {@code recordKey}; null if none, or purged, or the slice dropped meanwhile. */
    Row read(String recordKey) {
        if (dropped || !keys.mayHold(recordKey)) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = records.get(recordKey);
        } catch (RuntimeException closedMeanwhile) {
            if (dropped) {
                return null;
            }
            throw closedMeanwhile;
        }
        if (bytes == null) {
            return null;
        }
        Row row = RowCodec.decode(bytes);
        // In a passed slice, the purge removes index entries first: a record no longer indexed is purged.
        if (passed(System.currentTimeMillis())
                && !expiry.containsKey(RecordKeys.expiry(row.state, row.expiresAt, recordKey))) {
            return null;
        }
        row.slice = this;
        return row;
    }

    /** Stores {@code row}, moving its index entry from where {@code before} (read from this slice) had it. */
    void write(String recordKey, Row before, Row row) {
        if (before == null) {
            keys.add(recordKey);
        } else {
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
     * For a passed slice: removes up to {@code limit} entries of its index, the first; its records
     * stay in its map, read as absent, until the slice is dropped. Returns how many were removed.
     */
    int purgeIndex(int limit) {
        List<String> first = new ArrayList<>(limit);
        for (Iterator<String> keys = expiry.keyIterator(null); first.size() < limit && keys.hasNext(); ) {
            first.add(keys.next());
        }
        for (String indexKey : first) {
            expiry.remove(indexKey);
        }
        return first.size();
    }

    /** The records not purged yet: one index entry each. */
    long size() {
        return expiry.sizeAsLong();
    }

    /** Removes both maps from the file (with the next commit). */
    void drop(MVStore store) {
        dropped = true;
        store.removeMap(records);
        store.removeMap(expiry);
    }
}
