package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.h2.mvstore.MVMap;

/**
 * The walks of the slices' expiry indexes ({@link RecordKeys}): each state's part of each index,
 * in order of expiry. What the keeper purges, and what the status counts and the operator lists,
 * are read from one state's part, never from a scan of the records.
 */
final class ExpiryIndex {

    private static final RecordState[] STATES = RecordState.values();

    private ExpiryIndex() {
    }

    /**
     * Purges up to {@code limit} records expired by {@code now}: a passed slice that holds no more
     * is dropped whole; a larger one has the first {@code limit} entries of its index removed (its
     * records then read as absent); the file's slice from before slices loses its expired records
     * one by one. A slice not passed yet keeps its expired records until it has. Returns how many
     * records were purged.
     */
    static int purge(RecordFile file, int limit, long now) {
        int purged = 0;
        for (Slice slice : file.slices()) {
            if (purged >= limit) {
                break;
            }
            if (slice.passed(now)) {
                long size = slice.size();
                if (size <= limit - purged) {
                    file.drop(slice);
                    purged += (int) size;
                } else {
                    purged += slice.purgeIndex(limit - purged);
                }
            } else if (!slice.bounded()) {
                purged += purgeOneByOne(slice, limit - purged, now);
            }
        }
        return purged;
    }

    /** Returns the index entries removed. */
    private static int purgeOneByOne(Slice slice, int limit, long now) {
        List<String> expired = new ArrayList<>(limit);
        for (RecordState state : STATES) {
            Iterator<String> keys = slice.expiry.keyIterator(RecordKeys.timeBound(state, 0));
            String end = RecordKeys.timeBound(state, now + 1);
            while (expired.size() < limit && keys.hasNext()) {
                String indexKey = keys.next();
                if (indexKey.compareTo(end) >= 0) {
                    break;
                }
                expired.add(indexKey);
            }
        }
        for (String indexKey : expired) {
            String recordKey = RecordKeys.recordOf(indexKey);
            Row row = slice.read(recordKey);
            if (row != null && row.expired(now)) {
                slice.delete(recordKey, row);
            }
            // An index entry left without its record (never written so, but cheap to heal) goes too.
            slice.expiry.remove(indexKey);
        }
        return expired.size();
    }

    /**
     * The records {@link #purge} would purge by {@code now}: those of passed slices, and the expired
     * ones of the file's slice from before slices, counted by the indexes' positions. The expired
     * records of a slice not passed yet wait for it, and are not counted.
     */
    static int countExpired(RecordFile file, long now) {
        long count = 0;
        for (Slice slice : file.slices()) {
            if (slice.passed(now)) {
                count += slice.size();
            } else if (!slice.bounded()) {
                for (RecordState state : STATES) {
                    count += position(slice.expiry, RecordKeys.timeBound(state, now + 1))
                            - position(slice.expiry, RecordKeys.timeBound(state, 0));
                }
            }
        }
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    /** The live records of {@code state}, counted by the indexes' positions without reading them. */
    static int countLive(RecordFile file, RecordState state, long now) {
        long live = 0;
        for (Slice slice : file.slices()) {
            live += position(slice.expiry, RecordKeys.stateEnd(state))
                    - position(slice.expiry, RecordKeys.timeBound(state, now + 1));
        }
        return (int) Math.min(Integer.MAX_VALUE, live);
    }

    /** Reads the live IN_PROGRESS records, few at any time: those executing now, and the stale. */
    static int countStale(RecordFile file, long now) {
        String end = RecordKeys.stateEnd(RecordState.IN_PROGRESS);
        int stale = 0;
        for (Slice slice : file.slices()) {
            Iterator<String> keys = slice.expiry.keyIterator(RecordKeys.timeBound(RecordState.IN_PROGRESS, now + 1));
            while (keys.hasNext()) {
                String indexKey = keys.next();
                if (indexKey.compareTo(end) >= 0) {
                    break;
                }
                Row row = slice.read(RecordKeys.recordOf(indexKey));
                if (row != null && row.leaseUntil <= now) {
                    stale++;
                }
            }
        }
        return stale;
    }

    /** Records of one state created by {@code createdBy}, oldest first, at most {@code limit} (operators only). */
    static List<StoredRecord> list(RecordFile file, RecordState state, long createdBy, int limit, long now) {
        String end = RecordKeys.stateEnd(state);
        List<StoredRecord> found = new ArrayList<>();
        for (Slice slice : file.slices()) {
            Iterator<String> keys = slice.expiry.keyIterator(RecordKeys.timeBound(state, 0));
            while (keys.hasNext()) {
                String indexKey = keys.next();
                if (indexKey.compareTo(end) >= 0) {
                    break;
                }
                String recordKey = RecordKeys.recordOf(indexKey);
                Row row = slice.read(recordKey);
                if (row != null && row.createdAt <= createdBy) {
                    found.add(row.toRecord(RecordKeys.scope(recordKey), RecordKeys.key(recordKey), now));
                }
            }
        }
        found.sort(Comparator.comparing(StoredRecord::createdAt));
        return found.size() > limit ? new ArrayList<>(found.subList(0, limit)) : found;
    }

    /** The records not purged yet, in every slice. */
    static long size(RecordFile file) {
        long size = 0;
        for (Slice slice : file.slices()) {
            size += slice.size();
        }
        return size;
    }

    /** Where {@code key} is or would be in {@code map}: the number of keys before it. */
    private static long position(MVMap<String, byte[]> map, String key) {
        long index = map.getKeyIndex(key);
        return index < 0 ? -index - 1 : index;
    }
}
