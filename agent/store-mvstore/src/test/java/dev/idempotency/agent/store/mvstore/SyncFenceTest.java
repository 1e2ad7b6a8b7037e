package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MVStore writes over the space of a chunk a later commit emptied only once that commit is synced
 * to the disk, and the store's writer syncs its file within about a second of a commit, idle or
 * not. Seen in the file's length: one record rewritten and committed 300 times empties a chunk at
 * each commit, and a file that may reuse them stays a few chunks long.
 */
class SyncFenceTest {

    private static final int COMMITS = 300;

    @TempDir
    Path directory;

    @Test
    void noChunkEmptiedSinceTheLastSyncIsWrittenOver() throws Exception {
        long fenced = lengthAfterRewrites("fenced", false);
        long moving = lengthAfterRewrites("moving", true);

        assertThat(fenced).as("bytes after %d commits, the fence never moved", COMMITS)
                .isGreaterThan(COMMITS * 4096L);
        assertThat(moving).as("bytes after %d commits, the fence moved after each sync", COMMITS)
                .isLessThan(fenced / 10);
    }

    @Test
    void theWriterSyncsItsFileWithinAboutASecondOfACommitWhileIdle() throws Exception {
        OpenFile file = OpenFile.open(directory.resolve("idle.mv.db"));
        try (IdempotencyStore store = new FileRecordStore(file, new SingleWriter(file, 5_000))) {
            long before = file.current().syncs();
            store.claim(new ClaimRequest("s", "k", "e", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1)));

            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (file.current().syncs() == before && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(file.current().syncs()).as("syncs after one commit and an idle writer").isGreaterThan(before);
        }
        assertThat(Thread.getAllStackTraces().keySet()).as("threads after the close")
                .noneMatch(thread -> thread.getName().equals(SyncFence.THREAD_NAME));
    }

    /**
     * The length of a file after one record is rewritten and committed {@value #COMMITS} times, with no
     * retention (MVStore's time guard off, the fence alone); if {@code synced}, the fence moves after
     * each commit and its sync is awaited, else it never moves.
     */
    private long lengthAfterRewrites(String name, boolean synced) throws Exception {
        Path path = directory.resolve(name + ".mv.db");
        try (MVStore store = new MVStore.Builder().fileName(path.toString()).autoCommitDisabled().open()) {
            store.setRetentionTime(0);
            MVMap<String, String> records = store.openMap("records");
            try (SyncFence fence = new SyncFence(store, synced ? 0 : Long.MAX_VALUE)) {
                for (int i = 0; i < COMMITS; i++) {
                    records.put("k", "record " + i);
                    store.commit();
                    long syncs = fence.syncs();
                    fence.moveIfDue();
                    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                    while (synced && fence.syncs() == syncs && System.nanoTime() < deadline) {
                        Thread.sleep(1);
                    }
                }
                return Files.size(path);
            }
        }
    }
}
