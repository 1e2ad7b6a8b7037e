package dev.idempotency.agent.store.jdbc.h2;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compaction at a close ends when it can do no more. Each pass writes a few versions (its
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

    private MVStore open(String name) {
        return new MVStore.Builder().fileName(directory.resolve(name + ".mv.db").toString()).autoCommitDisabled().open();
    }
}
