package dev.idempotency.agent.store.mvstore;

import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnel;
import com.google.common.hash.Funnels;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Which keys a slice may hold, in memory: Bloom filters (Guava's), so that a claim of a new key
 * reads about one slice in a hundred instead of every slice. A filter holds only as many keys as it
 * was made for at its rate of false positives, and a slice's size is known only once it is full: when
 * the newest filter is full, another, four times larger, takes the keys that follow. Keys removed
 * stay in the filters (a false positive costs one read of the map). Added to on the writer's thread
 * before the key is in the map, read on any thread (Guava's filters are lock-free). A file closed
 * cleanly keeps its slices' filters, which the next open reads instead of every key ({@link RecordFile}).
 *
 * <p>A file that was not closed cleanly has its filters filled from its keys on a thread of their
 * own, after it is open ({@link #unfilled}): until then a filter says that its slice may hold any key,
 * so a claim reads every slice, and keys added meanwhile are kept aside and added with the rest.
 */
final class KeyFilter {

    /** One false positive in a hundred: about 10 bits a key, 1.2 bytes (docs/performance.md, "At volume"). */
    private static final double FALSE_POSITIVES = 0.01;
    private static final long FIRST_CAPACITY = 1024;
    private static final int GROWTH = 4;
    private static final Funnel<CharSequence> KEYS = Funnels.stringFunnel(StandardCharsets.UTF_8);

    private static final int FORMAT = 1;

    private volatile Part[] parts;
    /** Until {@link #fill}: the keys added since the filter was made, under its lock; then null. */
    private List<String> addedUnfilled;
    private volatile boolean unfilled;

    /** A filter for about {@code expectedKeys} keys; more may be added. */
    KeyFilter(long expectedKeys) {
        parts = new Part[] {new Part(Math.max(FIRST_CAPACITY, expectedKeys))};
    }

    private KeyFilter(Part[] parts) {
        this.parts = parts;
    }

    /** A filter that may hold any key until {@link #fill} gives it the keys its slice had. */
    static KeyFilter unfilled() {
        KeyFilter filter = new KeyFilter(new Part[0]);
        filter.addedUnfilled = new ArrayList<>();
        filter.unfilled = true;
        return filter;
    }

    /** False until {@link #fill}, for a filter made {@link #unfilled}. */
    boolean filled() {
        return !unfilled;
    }

    /**
     * Takes {@code keys}, made from every key the slice held at some moment after this filter was
     * made, and adds the keys {@link #add}ed since it was made: from then on the filter filters.
     */
    void fill(KeyFilter keys) {
        synchronized (this) {
            if (!unfilled) {
                throw new IllegalStateException("filled already");
            }
            parts = keys.parts;
            for (String key : addedUnfilled) {
                addToParts(key);
            }
            addedUnfilled = null;
            unfilled = false;
        }
    }

    /** The filter {@link #toBytes} wrote; null if written in a format this release does not read. */
    static KeyFilter fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            if (in.readInt() != FORMAT) {
                return null;
            }
            Part[] parts = new Part[in.readInt()];
            for (int i = 0; i < parts.length; i++) {
                long capacity = in.readLong();
                long added = in.readLong();
                parts[i] = new Part(BloomFilter.readFrom(in, KEYS), capacity, added);
            }
            return new KeyFilter(parts);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /**
     * The filter as bytes, for a file closed cleanly to open without reading every key again; null
     * while it is not {@link #filled}.
     */
    byte[] toBytes() {
        if (unfilled) {
            return null;
        }
        Part[] now = parts;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeInt(now.length);
            for (Part part : now) {
                out.writeLong(part.capacity);
                out.writeLong(part.added);
                part.filter.writeTo(out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** False if the slice has never held {@code recordKey}; true if it may hold it. */
    boolean mayHold(String recordKey) {
        if (unfilled) {
            return true;
        }
        for (Part part : parts) {
            if (part.filter.mightContain(recordKey)) {
                return true;
            }
        }
        return false;
    }

    /** On the writer's thread, before {@code recordKey} is put into the slice's map. */
    void add(String recordKey) {
        if (unfilled) {
            synchronized (this) {
                if (unfilled) {
                    addedUnfilled.add(recordKey);
                    return;
                }
            }
        }
        addToParts(recordKey);
    }

    /** On the writer's thread, or on the filling one under the lock before the writer's first. */
    private void addToParts(String recordKey) {
        Part[] now = parts;
        Part newest = now[now.length - 1];
        if (newest.added >= newest.capacity) {
            Part[] grown = new Part[now.length + 1];
            System.arraycopy(now, 0, grown, 0, now.length);
            newest = new Part(newest.capacity * GROWTH);
            grown[now.length] = newest;
            parts = grown;
        }
        newest.filter.put(recordKey);
        newest.added++;
    }

    private static final class Part {
        final BloomFilter<CharSequence> filter;
        final long capacity;
        /** Written by the writer's thread only. */
        long added;

        Part(long capacity) {
            this(BloomFilter.create(KEYS, capacity, FALSE_POSITIVES), capacity, 0);
        }

        Part(BloomFilter<CharSequence> filter, long capacity, long added) {
            this.filter = filter;
            this.capacity = capacity;
            this.added = added;
        }
    }
}
