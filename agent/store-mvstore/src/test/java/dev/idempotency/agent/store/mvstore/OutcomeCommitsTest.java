package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An outcome, written after its client was answered, waits for a claim to share its commit (one
 * chunk of file instead of two), and no longer than the hold when none comes.
 */
class OutcomeCommitsTest {

    private static final long HOLD_MILLIS = 2_000;
    private static final Duration TTL = Duration.ofHours(1);

    @TempDir
    Path directory;

    @Test
    void anOutcomeSharesTheCommitOfTheNextClaim() throws Exception {
        try (FileRecordStore store = open()) {
            long token = store.claim(request("first")).record().fencingToken();
            long batchesBefore = store.writer().batchesCommitted();
            long started = System.nanoTime();

            CompletableFuture<Boolean> completed = CompletableFuture.supplyAsync(() -> store.complete("s", "first",
                    token, response(), TTL));
            Thread.sleep(100);
            assertThat(completed).as("held for a claim").isNotDone();
            assertThat(store.claim(request("second")).claimed()).isTrue();

            assertThat(completed.get(1, TimeUnit.SECONDS)).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("ended by the claim")
                    .isLessThan(HOLD_MILLIS);
            assertThat(store.writer().batchesCommitted() - batchesBefore).as("commits").isEqualTo(1);
            assertThat(store.find("s", "first").get().state()).isEqualTo(RecordState.COMPLETED);
        }
    }

    @Test
    void anOutcomeNoClaimFollowsIsCommittedWhenTheHoldEnds() throws Exception {
        try (FileRecordStore store = open()) {
            long token = store.claim(request("alone")).record().fencingToken();
            long started = System.nanoTime();

            assertThat(store.complete("s", "alone", token, response(), TTL)).isTrue();

            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isBetween(HOLD_MILLIS - 50,
                    HOLD_MILLIS + 3_000);
            assertThat(store.find("s", "alone").get().state()).isEqualTo(RecordState.COMPLETED);
        }
    }

    private FileRecordStore open() {
        OpenFile file = OpenFile.open(directory.resolve("agent.mvstore"));
        return new FileRecordStore(file, new SingleWriter(file, 5_000, HOLD_MILLIS));
    }

    private static ClaimRequest request(String key) {
        return new ClaimRequest("s", key, "e", "fp", "o", "r-" + key, Duration.ofSeconds(30), TTL);
    }

    private static StoredResponse response() {
        return new StoredResponse(201, Map.of(), "order".getBytes(StandardCharsets.UTF_8), true);
    }
}
