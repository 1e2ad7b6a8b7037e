package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.h2.mvstore.MVMap;

/**
 * The walks of the expiry index ({@link RecordKeys}): each state's part of it, in order of
 * expiry. What the keeper purges, and what the status counts and the operator lists, are read
 * from one state's part, never from a scan of the records.
 */
final class ExpiryIndex {

    private static final RecordState[] STATES = RecordState.values();

    private ExpiryIndex() {
    }

    /** Deletes up to {@code limit} records expired by {@code now}; returns the index entries removed. */
    static int purge(RecordFile records, int limit, long now) {
        List<String> expired = new ArrayList<>(limit);
        for (RecordState state : STATES) {
            Iterator<String> keys = records.expiry().keyIterator(RecordKeys.timeBound(state, 0));
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
            Row row = records.read(recordKey);
            if (row != null && row.expired(now)) {
                records.delete(recordKey, row);
            }
            // An index entry left without its record (never written so, but cheap to heal) goes too.
            records.expiry().remove(indexKey);
        }
        return expired.size();
    }

    /** The records expired by {@code now} and not purged yet, counted by the index's positions. */
    static int countExpired(RecordFile records, long now) {
        MVMap<String, byte[]> expiry = records.expiry();
        long count = 0;
        for (RecordState state : STATES) {
            count += position(expiry, RecordKeys.timeBound(state, now + 1)) - position(expiry, RecordKeys.timeBound(state, 0));
        }
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    /** The live records of {@code state}, counted by the index's positions without reading them. */
    static int countLive(RecordFile records, RecordState state, long now) {
        MVMap<String, byte[]> expiry = records.expiry();
        long live = position(expiry, RecordKeys.stateEnd(state)) - position(expiry, RecordKeys.timeBound(state, now + 1));
        return (int) Math.min(Integer.MAX_VALUE, live);
    }

    /** Reads the live IN_PROGRESS records, few at any time: those executing now, and the stale. */
    static int countStale(RecordFile records, long now) {
        String end = RecordKeys.stateEnd(RecordState.IN_PROGRESS);
        Iterator<String> keys = records.expiry().keyIterator(RecordKeys.timeBound(RecordState.IN_PROGRESS, now + 1));
        int stale = 0;
        while (keys.hasNext()) {
            String indexKey = keys.next();
            if (indexKey.compareTo(end) >= 0) {
                break;
            }
            Row row = records.read(RecordKeys.recordOf(indexKey));
            if (row != null && row.leaseUntil <= now) {
                stale++;
            }
        }
        return stale;
    }

    /** Records of one state created by {@code createdBy}, oldest first, at most {@code limit} (operators only). */
    static List<StoredRecord> list(RecordFile records, RecordState state, long createdBy, int limit, long now) {
        String end = RecordKeys.stateEnd(state);
        List<StoredRecord> found = new ArrayList<>();
        Iterator<String> keys = records.expiry().keyIterator(RecordKeys.timeBound(state, 0));
        while (keys.hasNext()) {
            String indexKey = keys.next();
            if (indexKey.compareTo(end) >= 0) {
                break;
            }
            String recordKey = RecordKeys.recordOf(indexKey);
            Row row = records.read(recordKey);
            if (row != null && row.createdAt <= createdBy) {
                found.add(row.toRecord(RecordKeys.scope(recordKey), RecordKeys.key(recordKey), now));
            }
        }
        found.sort(Comparator.comparing(StoredRecord::createdAt));
        return found.size() > limit ? new ArrayList<>(found.subList(0, limit)) : found;
    }

    /** Where {@code key} is or would be in {@code map}: the number of keys before it. */
    private static long position(MVMap<String, byte[]> map, String key) {
        long index = map.getKeyIndex(key);
        return index < 0 ? -index - 1 : index;
    }
}
