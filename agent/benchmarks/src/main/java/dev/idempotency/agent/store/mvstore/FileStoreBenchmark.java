package dev.idempotency.agent.store.mvstore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.type.ByteArrayDataType;
import org.h2.mvstore.type.StringDataType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import dev.idempotency.agent.core.decision.OutcomeWrites;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.jdbc.StoreBenchmark;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The file store ({@code mvstore:}) against the raw limit of MVStore on the same disk, in one run,
 * named like {@link StoreBenchmark}'s so the end-to-end summary reads both alike:
 * {@link #claimAndComplete} is a new key whose caller waits for its claim and its completion;
 * {@link #claimWithOutcomeBehind} is a new key as the agent writes it: the caller waits for the
 * claim alone, and the completion goes to the agent's own writers behind the response
 * ({@link OutcomeWrites}, {@value OutcomeWrites#WRITERS} threads, the queue that makes a caller write
 * its own when full), where the file store holds it briefly for a claim to share its commit, which
 * {@link #claimAndComplete}'s caller waits through; {@link #rawInsert} puts one
 * claim's row (the store's own encoding) in a map of a bare MVStore file and commits it, one
 * durable single-row write and the floor of a new key; {@link #rawInsertUpdate} also puts the
 * completed row and commits again. The bare file is opened as the store opens its own (auto-commit
 * off, the store's retention); each commit is a chunk written before the call returns, which is
 * what the store's writer does for each batch.
 */
@BenchmarkMode(Mode.Throughput)
@State(Scope.Benchmark)
public class FileStoreBenchmark {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);

    /**
     * Only {@code mvstore}: the summary keys every store benchmark's scores by their store's name.
     * Not named {@code database}, so that {@code -p database=...} for the SQL stores leaves it be.
     */
    @Param({"mvstore"})
    public String store;

    private Path directory;
    private IdempotencyStore fileStore;
    private OutcomeWrites outcomes;
    private MVStore bare;
    private MVMap<String, byte[]> rows;

    @Setup(Level.Trial)
    public void open() throws IOException {
        directory = Files.createTempDirectory("file-store-benchmark");
        fileStore = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")));
        outcomes = OutcomeWrites.behindResponse(OutcomeWrites.WRITERS);
        bare = new MVStore.Builder().fileName(directory.resolve("bare.mvstore").toString()).autoCommitDisabled().open();
        bare.setRetentionTime(RecordFile.RETENTION_MILLIS);
        rows = bare.openMap("records", new MVMap.Builder<String, byte[]>().keyType(StringDataType.INSTANCE)
                .valueType(ByteArrayDataType.INSTANCE));
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        outcomes.drain(Duration.ofSeconds(30).toMillis());
        fileStore.close();
        bare.close();
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** Each benchmark thread's own key sequence. */
    @State(Scope.Thread)
    public static class Keys {
        private final String prefix = UUID.randomUUID().toString().substring(0, 8) + "-";
        private long next;

        String fresh() {
            return prefix + next++;
        }
    }

    @Benchmark
    public boolean claimAndComplete(Keys keys) {
        String key = keys.fresh();
        ClaimResult claim = fileStore.claim(request(key));
        return fileStore.complete("bench", key, claim.record().fencingToken(), StoreBenchmark.RESPONSE, TTL);
    }

    @Benchmark
    public ClaimResult claimWithOutcomeBehind(Keys keys) {
        String key = keys.fresh();
        ClaimResult claim = fileStore.claim(request(key));
        long token = claim.record().fencingToken();
        outcomes.write("bench", key, token,
                () -> fileStore.complete("bench", key, token, StoreBenchmark.RESPONSE, TTL));
        return claim;
    }

    /** The floor of a new key: the claim's row put and committed. */
    @Benchmark
    public long rawInsert(Keys keys) {
        String key = keys.fresh();
        return putAndCommit(key, claimRow(key));
    }

    @Benchmark
    public long rawInsertUpdate(Keys keys) {
        String key = keys.fresh();
        Row row = claimRow(key);
        putAndCommit(key, row);
        row.complete(StoreBenchmark.RESPONSE, TTL.toMillis(), System.currentTimeMillis());
        return putAndCommit(key, row);
    }

    private Row claimRow(String key) {
        return Row.claimed(request(key), 1, System.currentTimeMillis());
    }

    private long putAndCommit(String key, Row row) {
        rows.put(RecordKeys.record("bench", key), RowCodec.encode(row));
        return bare.commit();
    }

    private static ClaimRequest request(String key) {
        return new ClaimRequest("bench", key, "POST /orders", "fp-" + key, "bench-owner", "req-" + key, LEASE, TTL);
    }
}
