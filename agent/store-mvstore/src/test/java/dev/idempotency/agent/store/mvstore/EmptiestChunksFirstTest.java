package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.h2.mvstore.Chunk;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A compaction step rewrites the chunks with the least of their length live first, as many as its
 * budget allows, none more than half live and none younger than the retention time. The file: one
 * chunk of records most of whose leaves a later commit replaced (a tenth of it live or less, but
 * more bytes than any other chunk's), one of which a later commit replaced a tenth, then small
 * chunks about half live (a new map's page each).
 */
class EmptiestChunksFirstTest {

    private static final String VALUE = "v".repeat(200);

    @TempDir
    Path directory;

    @Test
    void aStepRewritesTheEmptiestChunksFirstWithinItsBudget() {
        EmptiestChunksFirst file = new EmptiestChunksFirst(new HashMap<>());
        file.open(directory.resolve("chunks.mv.db").toString(), false, null);
        try (MVStore store = new MVStore.Builder().adoptFileStore(file).autoCommitDisabled().open()) {
            store.setRetentionTime(0);
            MVMap<Integer, String> decayed = store.openMap("decayed");
            for (int i = 0; i < 20 * 48; i++) {
                decayed.put(i, VALUE);
            }
            long decayedVersion = store.commit();
            MVMap<Integer, String> mostlyLive = store.openMap("mostly-live");
            for (int i = 0; i < 20 * 48; i++) {
                mostlyLive.put(i, VALUE);
            }
            long mostlyLiveVersion = store.commit();
            for (int i = 0; i < 19 * 48; i += 10) {
                decayed.put(i, VALUE + "!");
            }
            for (int i = 0; i < 2 * 48; i++) {
                mostlyLive.put(i, VALUE + "!");
            }
            store.commit();
            for (int i = 0; i < 6; i++) {
                MVMap<Integer, String> small = store.openMap("small-" + i);
                for (int j = 0; j < 4; j++) {
                    small.put(j, VALUE);
                }
                store.commit();
            }
            long budget = 64 * 1024;

            List<Chunk<?>> chosen = file.candidates(budget);

            assertThat(chosen).as("chunks chosen").hasSizeGreaterThan(1)
                    .noneMatch(chunk -> chunk.version == mostlyLiveVersion);
            assertThat(liveShareOf(store, mostlyLiveVersion)).as("the mostly live chunk's live share")
                    .isGreaterThan(0.8).isLessThan(1);
            assertThat(file.candidates(Long.MAX_VALUE)).as("chunks chosen with no budget to keep to")
                    .noneMatch(chunk -> chunk.version == mostlyLiveVersion);
            assertThat(chosen.get(0).version).as("the first chunk chosen: the decayed one").isEqualTo(decayedVersion);
            assertThat(EmptiestChunksFirst.liveShare(chosen.get(0))).isLessThan(0.1);
            for (int i = 1; i < chosen.size(); i++) {
                assertThat(EmptiestChunksFirst.liveShare(chosen.get(i))).as("live share of choice %d", i)
                        .isGreaterThanOrEqualTo(EmptiestChunksFirst.liveShare(chosen.get(i - 1)))
                        .isLessThanOrEqualTo(EmptiestChunksFirst.MOST_LIVE_PERCENT / 100.0);
            }
            assertThat(chosen.stream().mapToLong(chunk -> chunk.maxLenLive).sum()).isLessThanOrEqualTo(budget);
            long smallBudget = chosen.get(0).maxLenLive;
            assertThat(file.candidates(smallBudget)).as("chosen within the decayed chunk's live bytes")
                    .extracting(chunk -> chunk.version).containsExactly(decayedVersion);

            store.compact(100, (int) smallBudget);
            store.commit();
            assertThat(file.candidates(budget)).as("chunks chosen after a step rewrote the decayed one")
                    .noneMatch(chunk -> chunk.version == decayedVersion);
            assertThat(decayed.get(20 * 48 - 1)).isEqualTo(VALUE);

            store.setRetentionTime(60_000);
            assertThat(file.candidates(budget)).as("chunks chosen when all are younger than the retention").isEmpty();
        }
    }

    /** The live share of the chunk that commit {@code version} wrote, as the file's layout records it. */
    private static double liveShareOf(MVStore store, long version) {
        for (Map.Entry<String, String> entry : store.getLayoutMap().entrySet()) {
            if (entry.getKey().startsWith("chunk.")) {
                Map<String, String> chunk = DataUtils.parseMap(entry.getValue());
                if (Long.parseLong(chunk.get("version"), 16) == version) {
                    long max = Long.parseLong(chunk.get("max"), 16);
                    return (double) Long.parseLong(chunk.getOrDefault("liveMax", chunk.get("max")), 16) / max;
                }
            }
        }
        throw new AssertionError("no chunk of version " + version);
    }
}
