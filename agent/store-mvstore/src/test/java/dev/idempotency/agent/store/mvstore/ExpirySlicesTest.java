package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The records kept in slices of their expiry times ({@link Slice}): where they land, how a passed
 * slice leaves the file, a read that races a record's move, and a file written before slices.
 */
class ExpirySlicesTest {

    private static final long HOUR = 3_600_000;

    @TempDir
    Path directory;

    @Test
    void recordsOfOneTtlShareASliceAndAPassedSliceLeavesInBoundedPurgesThenWhole() {
        // A slice passed an hour ago, its records at its start: expired long before it passed.
        long created = System.currentTimeMillis() - 3 * HOUR;
        int bits = Slice.widthBits(HOUR);
        long expires = (created + HOUR) >> bits << bits;
        int records = 40;
        try (RecordFile file = RecordFile.open(directory.resolve("sliced.mvstore"))) {
            for (int i = 0; i < records; i++) {
                file.write(RecordKeys.record("s", "k-" + i), null, completed(created, expires));
            }
            file.commit();
            assertThat(sliceNames(file)).containsExactly(Slice.nameOf(bits, expires));

            long passed = file.slices().get(0).end;
            assertThat(ExpiryIndex.countExpired(file, passed - 2))
                    .as("expired, but waiting for their slice to pass: not what a purge would purge").isZero();
            assertThat(ExpiryIndex.purge(file, FileRecordStore.PURGE_PER_WRITE, passed - 2))
                    .as("nothing before the slice has passed, though its records have expired").isZero();
            assertThat(ExpiryIndex.countExpired(file, passed)).isEqualTo(records);

            assertThat(ExpiryIndex.purge(file, FileRecordStore.PURGE_PER_WRITE, passed))
                    .as("a slice larger than the purge's bound loses the first entries of its index")
                    .isEqualTo(FileRecordStore.PURGE_PER_WRITE);
            assertThat(ExpiryIndex.size(file)).isEqualTo(records - FileRecordStore.PURGE_PER_WRITE);
            long absent = IntStream.range(0, records)
                    .filter(i -> file.read(RecordKeys.record("s", "k-" + i)) == null).count();
            assertThat(absent).as("records purged from the index read as absent").isEqualTo(FileRecordStore.PURGE_PER_WRITE);

            assertThat(ExpiryIndex.purge(file, FileRecordStore.PURGE_PER_WRITE, passed))
                    .as("the rest, within the bound: the slice is dropped whole")
                    .isEqualTo(records - FileRecordStore.PURGE_PER_WRITE);
            file.commit();
            assertThat(file.slices()).isEmpty();
            assertThat(file.mvStore().getMapNames()).noneMatch(name -> name.startsWith("slice-"));
            assertThat(file.read(RecordKeys.record("s", "k-0"))).isNull();
        }
    }

    @Test
    void aRecordWhoseExpiryLeavesItsSliceMovesInTheSameCommitAndIsNeverReadAsAbsent() throws Exception {
        String url = FileStores.URL_PREFIX + directory.resolve("moves").toAbsolutePath();
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            long token = store.claim(new ClaimRequest("s", "k", "create-order", "fp", "o", "r",
                    Duration.ofMillis(50), Duration.ofMillis(50))).record().fencingToken();
            AtomicBoolean renewing = new AtomicBoolean(true);
            AtomicInteger misses = new AtomicInteger();
            AtomicInteger reads = new AtomicInteger();
            Thread reader = new Thread(() -> {
                while (renewing.get()) {
                    if (!store.find("s", "k").isPresent()) {
                        misses.incrementAndGet();
                    }
                    reads.incrementAndGet();
                }
            });
            reader.start();
            long until = System.currentTimeMillis() + 2_000;
            int renewals = 0;
            while (System.currentTimeMillis() < until) {
                // Each renewal pushes the expiry 50 ms on, past the slice it was in within a few renewals.
                renewals += store.renewLeases(List.of(new LeaseRef("s", "k", token)), Duration.ofMillis(50));
            }
            renewing.set(false);
            reader.join(10_000);

            Set<String> slicesSeen = slicesOf(((FileRecordStore) store).file().forReading());
            assertThat(renewals).isGreaterThan(100);
            assertThat(reads.get()).isGreaterThan(100);
            assertThat(misses.get()).as("reads that missed the record while it moved").isZero();
            assertThat(slicesSeen).as("the record is in one slice").hasSize(1);
        }
    }

    @Test
    void aFileWrittenBeforeSlicesIsReadAsItIsAndItsRecordsMoveIntoSlicesAsTheyChange() {
        Path path = directory.resolve("before.mvstore");
        long now = System.currentTimeMillis();
        Row running = completed(now - 1_000, now + HOUR);
        running.state = RecordState.IN_PROGRESS;
        running.response = null;
        running.completedAt = Row.NEVER;
        try (MVStore before = new MVStore.Builder().fileName(path.toString()).compress().open()) {
            MVMap<String, byte[]> records = map(before, "records");
            MVMap<String, byte[]> expiry = map(before, "expiry");
            put(records, expiry, "kept", completed(now - 1_000, now + HOUR));
            put(records, expiry, "running", running);
            put(records, expiry, "gone", completed(now - 2 * HOUR, now - HOUR));
            before.commit();
        }

        String url = FileStores.URL_PREFIX + directory.resolve("before").toAbsolutePath();
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(store.count(RecordState.COMPLETED)).isEqualTo(1);
            assertThat(store.countStale()).isEqualTo(1);
            assertThat(store.countExpired()).isEqualTo(1);
            ClaimResult replay = store.claim(request("kept"));
            assertThat(replay.claimed()).isFalse();
            assertThat(new String(replay.record().response().body(), StandardCharsets.UTF_8)).isEqualTo("done");
            await().atMost(Duration.ofSeconds(10)).until(() -> store.find("s", "kept").get().attempts() == 2);
            assertThat(store.markUnknown("s", "running", 7)).isTrue();
            assertThat(store.claim(request("gone")).claimed()).as("an expired record counts as absent").isTrue();
            assertThat(store.footprint().records()).isEqualTo(3);
        }

        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.slices()).hasSizeGreaterThan(1);
            assertThat(file.slices().get(0).name).isEqualTo("records");
            assertThat(file.slices().get(0).records.sizeAsLong()).as("every record changed has left the old map").isZero();
            for (String key : new String[] {"kept", "running", "gone"}) {
                assertThat(file.read(RecordKeys.record("s", key)).slice.bounded()).as(key).isTrue();
            }
            assertThat(file.read(RecordKeys.record("s", "running")).state).isEqualTo(RecordState.UNKNOWN);
        }
    }

    @Test
    void aCleanCloseKeepsTheFiltersUntilTheNextChangeAndAKilledProcessLeavesNone() {
        Path path = directory.resolve("filters.mvstore");
        long now = System.currentTimeMillis();
        try (RecordFile file = RecordFile.open(path)) {
            for (int i = 0; i < 100; i++) {
                file.write(RecordKeys.record("s", "k-" + i), null, completed(now, now + HOUR));
            }
            file.commit();
        }
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.read(RecordKeys.record("s", "k-5"))).as("read through the filters the close kept").isNotNull();
            file.write(RecordKeys.record("s", "added"), null, completed(now, now + HOUR));
            file.commit();
            file.mvStore().closeImmediately();
        }
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(file.read(RecordKeys.record("s", "added")))
                    .as("a key added after the filters were kept, the process then killed").isNotNull();
            assertThat(file.read(RecordKeys.record("s", "k-99"))).isNotNull();
            file.write(RecordKeys.record("s", "while-filling"), null, completed(now, now + HOUR));
            file.commit();
            await().atMost(Duration.ofSeconds(10)).until(file::filtersFilled);
            assertThat(file.read(RecordKeys.record("s", "while-filling")))
                    .as("a key added while the filters were filled from the file").isNotNull();
            assertThat(IntStream.range(0, 100).filter(i -> file.read(RecordKeys.record("s", "k-" + i)) == null).count())
                    .isZero();
            file.mvStore().closeImmediately();
        }
        try (RecordFile file = RecordFile.open(path)) {
            // closed at once, maybe before its filters are filled: a close keeps no filter it has not filled
        }
        try (RecordFile file = RecordFile.open(path)) {
            assertThat(IntStream.range(0, 100).filter(i -> file.read(RecordKeys.record("s", "k-" + i)) == null).count())
                    .isZero();
            assertThat(file.read(RecordKeys.record("s", "while-filling"))).isNotNull();
        }
    }

    @Test
    void anUnfilledFilterMayHoldAnyKeyAndOnceFilledHoldsTheKeysAddedMeanwhileAndFewOthers() {
        KeyFilter filter = KeyFilter.unfilled();
        assertThat(filter.mayHold("never-added")).as("unfilled: its slice is read for every key").isTrue();
        assertThat(filter.toBytes()).as("a close keeps no filter it has not filled").isNull();
        filter.add("added-meanwhile");

        KeyFilter fromTheSlice = new KeyFilter(1_000);
        for (int i = 0; i < 1_000; i++) {
            fromTheSlice.add("k-" + i);
        }
        filter.fill(fromTheSlice);
        filter.add("added-after");

        assertThat(filter.filled()).isTrue();
        assertThat(filter.mayHold("added-meanwhile")).isTrue();
        assertThat(filter.mayHold("added-after")).isTrue();
        assertThat(IntStream.range(0, 1_000).filter(i -> !filter.mayHold("k-" + i)).count()).isZero();
        assertThat(IntStream.range(0, 10_000).filter(i -> filter.mayHold("other-" + i)).count())
                .as("of 10,000 keys never added").isLessThan(400);
        assertThat(KeyFilter.fromBytes(filter.toBytes())).isNotNull();
    }

    @Test
    void aFilterReadBackHoldsEveryKeyItHeldAndFewOthers() {
        KeyFilter filter = new KeyFilter(1_000);
        for (int i = 0; i < 5_000; i++) {
            filter.add("k-" + i);
        }
        KeyFilter read = KeyFilter.fromBytes(filter.toBytes());

        assertThat(read).isNotNull();
        assertThat(IntStream.range(0, 5_000).filter(i -> !read.mayHold("k-" + i)).count()).isZero();
        long falsePositives = IntStream.range(0, 10_000).filter(i -> read.mayHold("other-" + i)).count();
        assertThat(falsePositives).as("of 10,000 keys never added").isLessThan(400);
        assertThat(KeyFilter.fromBytes(new byte[] {0, 0, 0, 9})).as("a format this release does not read").isNull();
    }

    private static ClaimRequest request(String key) {
        return new ClaimRequest("s", key, "create-order", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1));
    }

    private static Set<String> slicesOf(RecordFile file) {
        return file.slices().stream().filter(slice -> slice.records.containsKey(RecordKeys.record("s", "k")))
                .map(slice -> slice.name).collect(Collectors.toSet());
    }

    private static List<String> sliceNames(RecordFile file) {
        return file.slices().stream().map(slice -> slice.name).collect(Collectors.toList());
    }

    private static Row completed(long created, long expires) {
        Row row = new Row();
        row.endpoint = "create-order";
        row.fingerprint = "fp";
        row.state = RecordState.COMPLETED;
        row.owner = "o";
        row.fencingToken = 7;
        row.leaseUntil = created;
        row.attempts = 1;
        row.firstRequestId = "r";
        row.response = new StoredResponse(201, Collections.emptyMap(), "done".getBytes(StandardCharsets.UTF_8), false);
        row.createdAt = created;
        row.completedAt = created;
        row.expiresAt = expires;
        return row;
    }

    private static void put(MVMap<String, byte[]> records, MVMap<String, byte[]> expiry, String key, Row row) {
        String recordKey = RecordKeys.record("s", key);
        records.put(recordKey, RowCodec.encode(row));
        expiry.put(RecordKeys.expiry(row.state, row.expiresAt, recordKey), new byte[0]);
    }

    private static MVMap<String, byte[]> map(MVStore store, String name) {
        return store.openMap(name, new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE));
    }
}
