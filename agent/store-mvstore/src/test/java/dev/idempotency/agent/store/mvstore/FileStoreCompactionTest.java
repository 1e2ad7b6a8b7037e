package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;
import dev.idempotency.agent.store.testing.StoreFiles;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file store compacts its file while it is open, between writes ({@code MvStoreCompaction.step}),
 * and when it closes: in place ({@code MvStoreCompaction.atClose}) or by a copy of its live data
 * ({@code MvStoreCompaction.copiesAtClose}). Records written one commit each write a chunk each,
 * several KB of file a record until compaction frees them, a few hundred bytes after it.
 */
class FileStoreCompactionTest {

    @TempDir
    Path directory;

    /**
     * After a burst, with no write to follow, the writer's steps compact the file and shorten it
     * past the chunks they freed: a step that frees the chunks at the file's end and finds nothing
     * to move commits that, which cuts the end off (else it stayed until the next write).
     */
    @Test
    void theWriterCompactsTheFileWhileTheStoreIsOpenAndQuiet() {
        String url = FileStores.URL_PREFIX + directory.resolve("open").toAbsolutePath();
        Path file = FileStores.storeFile(url);
        int records = 400;
        try (IdempotencyStore store = committingEachChange(url)) {
            completeEach(store, records);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(StoreFiles.size(file) / records).as("bytes of file per record").isLessThan(1_500));
            assertThat(store.find("s", "k-0")).isPresent();
        }
    }

    @Test
    void closingTheStoreCompactsItsFile() {
        String url = FileStores.URL_PREFIX + directory.resolve("agent").toAbsolutePath();
        Path file = FileStores.storeFile(url);
        int records = 400;
        long open;
        try (IdempotencyStore store = committingEachChange(url)) {
            completeEach(store, records);
            open = StoreFiles.size(file);
        }
        long closed = StoreFiles.size(file);
        assertThat(closed).as("bytes of file after the close, against %d before it", open).isLessThan(open / 4);
        assertThat(closed / records).as("bytes of file per record after the close").isLessThan(1_500);
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(store.find("s", "k-0")).isPresent();
            assertThat(store.find("s", "k-" + (records - 1))).isPresent();
        }
    }

    /**
     * A file holding more dead space than live data (and over 16 MB of it) has its live data copied
     * into a new file at the close ({@code MvStoreCompaction.copiesAtClose}), which takes the old
     * file's place and leaves nothing beside it.
     */
    @Test
    void closingAStoreWhoseFileIsMostlyDeadSpaceCopiesItsLiveRecordsIntoANewFile() {
        String url = FileStores.URL_PREFIX + directory.resolve("copied").toAbsolutePath();
        Path file = FileStores.storeFile(url);
        int records = 8_000;
        long open;
        Object before;
        try (IdempotencyStore store = committingEachChange(url)) {
            // A version held from the start, as a reader holds the one it reads, keeps every chunk the writes
            // empty from being reused: the file of a burst that outran its reuse, whatever this machine's pace.
            MVStore mvStore = ((FileRecordStore) store).file().forReading().mvStore();
            MVStore.TxCounter held = mvStore.registerVersionUsage();
            completeEach(store, records);
            mvStore.deregisterVersionUsage(held);
            open = StoreFiles.size(file);
            before = StoreFiles.identity(file);
        }
        assertThat(open).as("the file before the close").isGreaterThan(2 * MvStoreCompaction.COPY_AT_CLOSE_DEAD_BYTES);
        StoreFiles.assertReplacedByACopy(file, before, open, records, 600);
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            for (int i = 0; i < records; i += 97) {
                assertThat(store.find("s", "k-" + i)).as("record %d", i).isPresent();
            }
            assertThat(store.footprint().records()).isEqualTo(records);
        }
    }

    /**
     * A process killed while it copied the file at its close leaves the file as it was and the
     * copy's temporary file beside it, which the next open deletes.
     */
    @Test
    void theTemporaryFileOfACopyCutShortIsDeletedWhenTheFileOpens() throws IOException {
        String url = FileStores.URL_PREFIX + directory.resolve("cut").toAbsolutePath();
        Path file = FileStores.storeFile(url);
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            complete(store, "kept");
        }
        Path copy = file.resolveSibling(file.getFileName() + ".tempFile");
        Files.write(copy, new byte[64 * 1024]);

        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl(url))) {
            assertThat(copy).doesNotExist();
            assertThat(store.find("s", "kept")).isPresent();
        }
    }

    /**
     * The store, its outcomes committed at once rather than held for a claim to share the commit:
     * one chunk a change, as a quiet service writes them, so that the file holds the dead space a
     * close has to compact, written quickly.
     */
    private static IdempotencyStore committingEachChange(String url) {
        OpenFile file = OpenFile.open(FileStores.storeFile(url));
        return new FileRecordStore(file, new SingleWriter(file, 5_000, 0));
    }

    /** Claims and completes the keys k-0 to k-(records - 1), one after the other. */
    private static void completeEach(IdempotencyStore store, int records) {
        for (int i = 0; i < records; i++) {
            complete(store, "k-" + i);
        }
    }

    private static void complete(IdempotencyStore store, String key) {
        long token = store.claim(new ClaimRequest("s", key, "e", "fp", "o", "r", Duration.ofSeconds(30),
                Duration.ofHours(1))).record().fencingToken();
        assertThat(store.complete("s", key, token,
                new StoredResponse(201, Map.of(), "body".getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1)))
                .isTrue();
    }
}
