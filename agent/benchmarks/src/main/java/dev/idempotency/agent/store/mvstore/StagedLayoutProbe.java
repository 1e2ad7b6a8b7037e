package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;
import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
import com.google.common.io.CountingOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;

/**
 * A model, on MVStore alone, of four layouts of the file store's records at a day's volume: new keys
 * written straight into the map of the day's records (as the store writes them), or into a small
 * map of their own that is merged into the day's map in one commit every few seconds, or (ordered)
 * records kept in the order they were claimed, with a map from each key to its place: a claim and
 * its completion then change the newest leaves and a purge the oldest, and only that small map takes
 * each key at a random place; or (bucketed) records in a map for each slice of the expiry times
 * ({@code -Dprobe.slices}, 24 a day by default), new keys in the newest slice's map, which alone
 * changes, every slice's map read by a claim, and a slice's map dropped whole once all its records
 * have expired, with no expiry index (with {@code -Dprobe.filter-fpp=P}, a claim reads only the
 * slices whose Bloom filter may hold its key). All four start
 * from the same number of records written in key order, then take new keys at a steady pace, each
 * a claim and a completion committed apart, the oldest records purged at the same pace, and the
 * store's own compaction steps between the commits. Prints the file's size and its chunks at each
 * sample. It tells whether another layout would keep the file flat, before anyone builds it; and,
 * with {@code -Dprobe.choice=mvstore} and {@code -Dprobe.retention=<ms>}, what MVStore's own choice of
 * chunks to rewrite and its retention do to the file, against the store's ({@link EmptiestChunksFirst},
 * {@link RecordFile#RETENTION_MILLIS}; the store's sync fence is not modelled), and with
 * {@code -Dprobe.keys-per-page=<n>}, what smaller leaves do; with {@code -Dprobe.index-file=true}, what
 * the expiry index does in a file of its own (its pages written once, in expiry order, and untouched
 * until purged) rather than in the chunks of the records' leaves, which each new key rewrites at random.
 *
 * <p>{@code java [-Dprobe.choice=emptiest|mvstore] [-Dprobe.retention=MS] [-Dprobe.keys-per-page=N]
 * [-Dprobe.index-file=true] [-Dprobe.slices=N] [-Dprobe.filter-fpp=P] -cp agent/benchmarks/target/benchmarks.jar
 * dev.idempotency.agent.store.mvstore.StagedLayoutProbe DIRECTORY direct|staged|ordered|bucketed RECORDS KEYS_PER_SECOND SECONDS
 * [SAMPLE_SECONDS [MERGE_SECONDS]]}
 */
public final class StagedLayoutProbe {

    private final MVStore store;
    /** Where the expiry index is: {@link #store}, or a file of its own. */
    private final MVStore indexStore;
    private final Path indexFile;
    private final MVMap<String, byte[]> records;
    private final MVMap<String, byte[]> staged;
    private final MVMap<String, byte[]> expiry;
    /** The ordered layout's map from a key to its record's place in {@link #records}. */
    private final MVMap<String, byte[]> places;
    private final boolean ordered;
    /**
     * The bucketed layout's maps of records, one for each slice of the expiry times, by slice: a new
     * key goes into the newest, and a slice's whole map is dropped once its last record has expired.
     */
    private final TreeMap<Long, MVMap<String, byte[]>> slices = new TreeMap<>();
    private final boolean bucketed;
    /** How many records a slice holds: the records of a day divided by {@code -Dprobe.slices}. */
    private final long sliceSize;
    /**
     * With {@code -Dprobe.filter-fpp=P}: a Bloom filter of each slice's keys, kept in memory and
     * filled as keys are claimed, so that a claim reads only the slices whose filter may hold its key.
     */
    private final TreeMap<Long, BloomFilter<CharSequence>> filters = new TreeMap<>();
    private long lookupNanos;
    private long lookups;
    private long sliceReads;
    private final MvStoreCompaction compaction = new MvStoreCompaction();
    private final MvStoreCompaction indexCompaction = new MvStoreCompaction();
    private final SplittableRandom random = new SplittableRandom(42);

    private StagedLayoutProbe(Path file, Path indexFile, boolean ordered, boolean bucketed, long count) {
        this.ordered = ordered;
        this.bucketed = bucketed;
        this.sliceSize = Math.max(1, (count + slicesADay() - 1) / slicesADay());
        this.indexFile = indexFile;
        store = open(file);
        indexStore = indexFile == null ? store : open(indexFile);
        say("chunks a step rewrites: %s; retention %d ms; at most %d keys a page; the expiry index %s",
                choice(), store.getRetentionTime(), keysPerPage(), indexFile == null ? "beside the records" : "in " + indexFile);
        records = map(store, "records");
        staged = map(store, "staged");
        expiry = map(indexStore, "expiry");
        places = map(store, "places");
    }

    private static MVStore open(Path file) {
        MVStore opened;
        if ("mvstore".equals(choice())) {
            opened = new MVStore.Builder().fileName(file.toString()).autoCommitDisabled().compress()
                    .keysPerPage(keysPerPage()).open();
        } else {
            EmptiestChunksFirst chunks = new EmptiestChunksFirst(new HashMap<>());
            chunks.open(file.toString(), false, null);
            opened = new MVStore.Builder().adoptFileStore(chunks).autoCommitDisabled().compress()
                    .keysPerPage(keysPerPage()).open();
        }
        opened.setRetentionTime(Integer.getInteger("probe.retention", RecordFile.RETENTION_MILLIS));
        return opened;
    }

    private static String choice() {
        return System.getProperty("probe.choice", "emptiest");
    }

    private static double filterFpp() {
        return Double.parseDouble(System.getProperty("probe.filter-fpp", "0"));
    }

    private static int slicesADay() {
        return Integer.getInteger("probe.slices", 24);
    }

    /** MVStore's default: a leaf splits beyond 48 keys. */
    private static int keysPerPage() {
        return Integer.getInteger("probe.keys-per-page", 48);
    }

    public static void main(String[] args) throws Exception {
        Path directory = Path.of(args[0]);
        boolean stagedLayout = "staged".equals(args[1]);
        long count = Long.parseLong(args[2]);
        int perSecond = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        int sampleSeconds = args.length > 5 ? Integer.parseInt(args[5]) : 60;
        int mergeSeconds = args.length > 6 ? Integer.parseInt(args[6]) : 10;
        Files.createDirectories(directory);
        Path file = directory.resolve("probe-" + args[1] + ".mv.db");
        Path indexFile = Boolean.getBoolean("probe.index-file") ? directory.resolve("probe-" + args[1] + "-index.mv.db") : null;
        Files.deleteIfExists(file);
        if (indexFile != null) {
            Files.deleteIfExists(indexFile);
        }
        StagedLayoutProbe probe = new StagedLayoutProbe(file, indexFile, "ordered".equals(args[1]),
                "bucketed".equals(args[1]), count);
        try {
            long started = System.nanoTime();
            probe.prefill(count);
            say("prefill: %,d records in %.0f s, %,d bytes", count, (System.nanoTime() - started) / 1e9, probe.bytes(file));
            probe.churn(stagedLayout, count, perSecond, seconds, sampleSeconds, mergeSeconds, file);
        } finally {
            probe.store.closeImmediately();
            probe.indexStore.closeImmediately();
            Files.deleteIfExists(file);
            if (indexFile != null) {
                Files.deleteIfExists(indexFile);
            }
        }
    }

    /**
     * {@code count} records in key order, expiring in that order, a commit every thousand. In the
     * bucketed layout, each slice's records in key order, their keys spread over all keys as a day's
     * keys are, so that a claim's read of a slice finds a leaf anywhere in it, not its first or last.
     */
    private void prefill(long count) {
        long stride = Long.divideUnsigned(-1L, Math.max(1, count));
        long sliceStride = Long.divideUnsigned(-1L, sliceSize);
        for (long i = 0; i < count; i++) {
            long high = bucketed ? (i % sliceSize) * sliceStride + i / sliceSize : i * stride;
            String key = new UUID(high, random.nextLong()).toString();
            if (bucketed) {
                slice(i).put(key, record(key, true));
                noteInFilter(i, key);
            } else {
                records.put(placeRecord(i, key), record(key, true));
                expiry.put(expiryKey(i, key), key.getBytes(StandardCharsets.US_ASCII));
            }
            if ((i + 1) % FileStoreProbe.PREFILL_COMMIT_EVERY == 0) {
                commit();
            }
        }
        commit();
    }

    private void churn(boolean stagedLayout, long count, int perSecond, int seconds, int sampleSeconds,
            int mergeSeconds, Path file) throws InterruptedException, IOException {
        say("churn: %s layout, %,d new keys/s for %d s, merged every %d s",
                stagedLayout ? "staged" : ordered ? "ordered" : bucketed ? "bucketed (" + slicesADay() + " slices)" : "direct",
                perSecond, seconds, mergeSeconds);
        say("| s | records | bytes on disk | chunks |");
        long start = System.nanoTime();
        long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        long nextSample = start + TimeUnit.SECONDS.toNanos(sampleSeconds);
        long nextMerge = start + TimeUnit.SECONDS.toNanos(mergeSeconds);
        long end = start + TimeUnit.SECONDS.toNanos(seconds);
        long sequence = count;
        MVMap<String, byte[]> newKeys = stagedLayout ? staged : records;
        for (long due = start; due - end < 0; due += periodNanos) {
            idleUntil(due);
            String key = UUID.randomUUID().toString();
            if (bucketed) {
                claimInSlice(key, sequence++, count, due + periodNanos / 2);
            } else {
                lookUp(ordered ? Collections.singletonList(places) : Arrays.asList(staged, records), key);
                String recordKey = placeRecord(sequence, key);
                newKeys.put(recordKey, record(key, false));
                expiry.put(expiryKey(sequence++, key), key.getBytes(StandardCharsets.US_ASCII));
                commit();
                idleUntil(due + periodNanos / 2);
                newKeys.put(recordKey, record(key, true));
                purgeOldest();
                commit();
            }
            if (stagedLayout && System.nanoTime() - nextMerge >= 0) {
                merge();
                nextMerge += TimeUnit.SECONDS.toNanos(mergeSeconds);
            }
            if (System.nanoTime() - nextSample >= 0) {
                sample(start, file);
                nextSample += TimeUnit.SECONDS.toNanos(sampleSeconds);
            }
        }
        sample(start, file);
        say("lookups of a new key%s: %,d, %.1f µs each on average, %.2f maps read each", bucketed ? " in every slice" : "", lookups,
                lookupNanos / 1e3 / Math.max(1, lookups), sliceReads / (double) Math.max(1, lookups));
        if (!filters.isEmpty()) {
            say("Bloom filters of the slices (false positives %.4f): %,d bytes", filterFpp(), filterBytes());
        }
        say("compaction: %,d steps, %.1f s in all, the longest %.2f ms", compaction.steps() + indexCompaction.steps(),
                (compaction.totalStepNanos() + indexCompaction.totalStepNanos()) / 1e9,
                Math.max(compaction.longestStepNanos(), indexCompaction.longestStepNanos()) / 1e6);
    }

    private void sample(long start, Path file) throws IOException {
        long live = records.sizeAsLong() + staged.sizeAsLong();
        for (MVMap<String, byte[]> slice : slices.values()) {
            live += slice.sizeAsLong();
        }
        say("| %.0f | %,d | %,d | %s |", (System.nanoTime() - start) / 1e9, live,
                bytes(file), FileStoreProbe.chunkProfile(store)
                        + (indexFile == null ? "" : "; index file " + Files.size(indexFile) + " B, " + FileStoreProbe.chunkProfile(indexStore)));
    }

    /** The bytes of the records' file and, if the index has its own, of the index's. */
    private long bytes(Path file) throws IOException {
        return Files.size(file) + (indexFile == null ? 0 : Files.size(indexFile));
    }

    /** One commit of each file: two writes where the index has a file of its own, as a store would make them. */
    private void commit() {
        store.commit();
        if (indexStore != store) {
            indexStore.commit();
        }
    }

    /**
     * A new key in the bucketed layout: looked up in every slice (as a claim must be, its expiry
     * unknown to the lookup), claimed in the newest, completed there half a period later, and the
     * oldest slice dropped whole once all its records have expired.
     */
    private void claimInSlice(String key, long sequence, long count, long completionDue) throws InterruptedException {
        List<MVMap<String, byte[]>> candidates = new ArrayList<>(slices.size());
        long started = System.nanoTime();
        for (Map.Entry<Long, MVMap<String, byte[]>> slice : slices.descendingMap().entrySet()) {
            BloomFilter<CharSequence> filter = filters.get(slice.getKey());
            if (filter == null || filter.mightContain(key)) {
                candidates.add(slice.getValue());
            }
        }
        lookupNanos += System.nanoTime() - started;
        lookUp(candidates, key);
        MVMap<String, byte[]> newest = slice(sequence);
        newest.put(key, record(key, false));
        noteInFilter(sequence, key);
        commit();
        idleUntil(completionDue);
        newest.put(key, record(key, true));
        long expiredBelow = sequence - count;
        while (!slices.isEmpty() && (slices.firstKey() + 1) * sliceSize <= expiredBelow) {
            filters.remove(slices.firstKey());
            store.removeMap(slices.pollFirstEntry().getValue());
        }
        commit();
    }

    /** A claim's read of its key in each of {@code maps}, which a new key does not find: timed, as it is on a claim's path. */
    private void lookUp(Collection<MVMap<String, byte[]>> maps, String key) {
        long started = System.nanoTime();
        for (MVMap<String, byte[]> map : maps) {
            if (map.get(key) != null) {
                throw new IllegalStateException("a new key found: " + key);
            }
        }
        lookupNanos += System.nanoTime() - started;
        lookups++;
        sliceReads += maps.size();
    }

    private void noteInFilter(long sequence, String key) {
        if (filterFpp() > 0) {
            filters.computeIfAbsent(sequence / sliceSize,
                    slice -> BloomFilter.create(Funnels.stringFunnel(StandardCharsets.US_ASCII), sliceSize, filterFpp()))
                    .put(key);
        }
    }

    /** The filters' size as Guava writes them: their bits, which is what they hold in memory. */
    private long filterBytes() throws IOException {
        long bytes = 0;
        for (BloomFilter<CharSequence> filter : filters.values()) {
            CountingOutputStream counter = new CountingOutputStream(OutputStream.nullOutputStream());
            filter.writeTo(counter);
            bytes += counter.getCount();
        }
        return bytes;
    }

    private MVMap<String, byte[]> slice(long sequence) {
        return slices.computeIfAbsent(sequence / sliceSize, slice -> map(store, "records-" + slice));
    }

    /** The staged keys into the day's map in key order, in one commit. */
    private void merge() {
        for (Map.Entry<String, byte[]> entry : staged.entrySet()) {
            records.put(entry.getKey(), entry.getValue());
        }
        staged.clear();
        commit();
    }

    /** The record whose expiry comes first, as the keeper purges one a new key later. */
    private void purgeOldest() {
        String first = expiry.firstKey();
        if (first == null) {
            return;
        }
        String key = new String(expiry.remove(first), StandardCharsets.US_ASCII);
        String recordKey = ordered ? new String(places.remove(key), StandardCharsets.US_ASCII) : key;
        if (records.remove(recordKey) == null) {
            staged.remove(recordKey);
        }
    }

    /**
     * Places a record: returns the key it goes under, its own or (ordered) its place in the order of
     * claims, which it then notes in {@link #places}.
     */
    private String placeRecord(long sequence, String key) {
        if (!ordered) {
            return key;
        }
        String place = String.format(Locale.ROOT, "%016x", sequence);
        places.put(key, place.getBytes(StandardCharsets.US_ASCII));
        return place;
    }

    /** The writer's compaction steps while it waits for the next change, as the store's writer takes them. */
    private void idleUntil(long due) throws InterruptedException {
        while (System.nanoTime() - due < 0) {
            compaction.step(store);
            if (indexStore != store) {
                indexCompaction.step(indexStore);
            }
            long left = due - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(5)));
            }
        }
    }

    /** About as large and as compressible as the store's own record of a key: its ids, fingerprint, answer. */
    private byte[] record(String key, boolean completed) {
        String text = key + "|POST /orders|fp-" + Long.toHexString(random.nextLong()) + "|req-" + key
                + (completed ? "|201|{\"order\":" + random.nextInt(1_000_000) + ",\"status\":\"created\"}|" + "x".repeat(40) : "");
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String expiryKey(long sequence, String key) {
        return String.format(Locale.ROOT, "%016x|%s", sequence, key);
    }

    private static MVMap<String, byte[]> map(MVStore store, String name) {
        return store.openMap(name, new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE));
    }

    private static void say(String format, Object... args) {
        System.out.println("[staged] " + String.format(Locale.ROOT, format, args));
    }
}
