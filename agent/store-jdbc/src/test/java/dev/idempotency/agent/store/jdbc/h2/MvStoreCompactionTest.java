package dev.idempotency.agent.store.jdbc.h2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compaction steps, and the compaction at a close, end when they can do no more. Each pass writes a few versions (its
 * rewrite, its moves), so the versions a close wrote count its passes: a close that ran to its
 * 2 s bound on a file of five records wrote 2,815.
 */
class MvStoreCompactionTest {

    @TempDir
    Path directory;

    @Test
    void aCloseStopsAtThePassThatCannotMakeASmallFileSmaller() {
        try (MVStore store = open("small")) {
            MVMap<String, String> records = store.openMap("records");
            for (int i = 0; i < 5; i++) {
                records.put("k-" + i, "record " + i);
                store.commit();
            }
            long before = store.getCurrentVersion();
            long length = store.getFileStore().size();

            new MvStoreCompaction().atClose(store);

            assertThat(store.getCurrentVersion() - before).as("passes of the close").isLessThanOrEqualTo(20);
            assertThat(store.getFileStore().size()).isLessThanOrEqualTo(length);
            assertThat(records.get("k-4")).isEqualTo("record 4");
        }
    }

    @Test
    void aCloseCompactsAFileOfEmptiedChunksAsFarAsItCan() {
        try (MVStore store = open("churned")) {
            MVMap<String, String> records = store.openMap("records");
            String body = "x".repeat(500);
            for (int i = 0; i < 3_000; i++) {
                records.put("k-" + i, body);
                if (i >= 100) {
                    records.remove("k-" + (i - 100));
                }
                store.commit();
            }
            long length = store.getFileStore().size();

            new MvStoreCompaction().atClose(store);

            assertThat(store.getFileStore().size()).as("bytes after the close, against %d before", length)
                    .isLessThan(length / 4);
            assertThat(records.size()).isEqualTo(100);
            assertThat(records.get("k-2999")).isEqualTo(body);
        }
    }

    @Test
    void theStepsEndWhenTheFileHasGapsButNoChunkAMoveCouldTake() throws InterruptedException {
        try (MVStore store = open("gapped")) {
            // Chunks free as soon as they are emptied, so the gap opens without further writes.
            store.setRetentionTime(0);
            store.setVersionsToKeep(0);
            SplittableRandom random = new SplittableRandom(7);
            MVMap<Integer, byte[]> early = store.openMap("early");
            for (int i = 0; i < 16; i++) {
                early.put(i, bytes(random, 64 * 1024));
            }
            store.commit();
            // One chunk larger than a step may move, written after the one the gap will be.
            store.openMap("large").put(0, bytes(random, 3 * (int) MvStoreCompaction.MOVE_BYTES));
            store.commit();
            early.clear();
            store.commit();

            MvStoreCompaction compaction = new MvStoreCompaction();
            long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            boolean asksForMore = true;
            while (asksForMore && System.nanoTime() - stopAt < 0) {
                asksForMore = compaction.step(store);
                Thread.sleep(5);
            }

            assertThat(asksForMore).as("steps still asked for after 10 s: %d taken, %d of them counted as moves",
                    compaction.steps(), compaction.moves()).isFalse();
            assertThat(store.getFileStore().getFillRate()).as("the gap is still there")
                    .isLessThan(MvStoreCompaction.TARGET_FILL_PERCENT);
            assertThat(store.<Integer, byte[]>openMap("large").get(0)).hasSize(3 * (int) MvStoreCompaction.MOVE_BYTES);
        }
    }

    private static byte[] bytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt();
        }
        return bytes;
    }

    private MVStore open(String name) {
        return new MVStore.Builder().fileName(directory.resolve(name + ".mv.db").toString()).autoCommitDisabled().open();
    }
}
