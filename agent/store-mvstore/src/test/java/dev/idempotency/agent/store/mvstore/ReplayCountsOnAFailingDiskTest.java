package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays' attempts are written after their answers, many in one commit. A commit the disk
 * refuses loses none of them: MVStore drops what the batch applied, and the counts go to the
 * next write.
 */
class ReplayCountsOnAFailingDiskTest {

    private static final Duration TTL = Duration.ofHours(1);

    @TempDir
    Path directory;

    @AfterEach
    void diskWorksAgain() {
        FailingWrites.fail(false);
    }

    @Test
    void countsOfACommitTheDiskRefusedAreWrittenByTheNextOne() throws InterruptedException {
        Path file = FailingWrites.of(directory.resolve("agent.mvstore"));
        FileRecordStore store = new FileRecordStore(OpenFile.open(file), 5_000);
        try {
            long token = store.claim(request("first")).record().fencingToken();
            assertThat(store.complete("s", "k", token,
                    new StoredResponse(201, Map.of(), "order 1".getBytes(StandardCharsets.UTF_8), true), TTL)).isTrue();

            // The writer held, three replays answered from reads: their counts wait for one flush.
            CountDownLatch release = new CountDownLatch(1);
            store.writer().writeLater("hold the writer", (records, now) -> hold(release), () -> { });
            for (int i = 0; i < 3; i++) {
                assertThat(replay(store, "retry-" + i)).isEqualTo(i + 2);
            }
            FailingWrites.fail(true);
            release.countDown();
            await().atMost(Duration.ofSeconds(10)).until(() -> store.file().current().isClosed());
            FailingWrites.fail(false);

            // The file opened again holds the record as last committed: attempts 1, the three lost with the batch.
            replay(store, "after-the-failure");
            assertThat(replay(store, "read")).as("the three given back, the writer's own count and this one")
                    .isEqualTo(6);
            await().atMost(Duration.ofSeconds(10)).until(() -> store.find("s", "k").get().attempts() == 6);
        } finally {
            store.close();
        }
        FileRecordStore reopened = new FileRecordStore(OpenFile.open(file), 5_000);
        try {
            assertThat(reopened.find("s", "k").get().attempts()).isEqualTo(6);
        } finally {
            reopened.close();
        }
    }

    private static int replay(FileRecordStore store, String requestId) {
        ClaimResult result = store.claim(request(requestId));
        assertThat(result.claimed()).isFalse();
        return result.record().attempts();
    }

    private static ClaimRequest request(String requestId) {
        return new ClaimRequest("s", "k", "e", "fp", "o-" + requestId, requestId, Duration.ofSeconds(30), TTL);
    }

    private static Void hold(CountDownLatch release) {
        try {
            release.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return null;
    }
}
