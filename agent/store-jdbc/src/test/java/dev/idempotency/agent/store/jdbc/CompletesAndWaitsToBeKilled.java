package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredResponse;

/**
 * Run in a forked JVM by {@link H2DurabilityTest}: claims and completes records in an H2 file
 * store from several threads at once (so the writer batches them), reports how many commits that
 * took on stdout, says so, and waits to be killed without closing anything.
 */
public final class CompletesAndWaitsToBeKilled {

    static final String DONE = "completed-all";
    static final String COMMITS = "commits ";

    private CompletesAndWaitsToBeKilled() {
    }

    /** Arguments: URL, number of records, number of threads. */
    public static void main(String[] args) throws Exception {
        String url = args[0];
        int records = Integer.parseInt(args[1]);
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        JdbcIdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url), Dialect.forUrl(url));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int i = 0; i < records; i++) {
            int record = i;
            done.add(pool.submit(() -> complete(store, record)));
        }
        for (Future<?> each : done) {
            each.get();
        }
        Optional.of(store.writeStrategy()).filter(GroupCommit.class::isInstance)
                .map(writes -> ((GroupCommit) writes).writer)
                .ifPresent(writer -> System.out.println(COMMITS + writer.batchesCommitted()
                        + " for " + done.size() + " completions"));
        System.out.println(DONE);
        System.out.flush();
        // Bounded, should the test die before it kills this JVM.
        Thread.sleep(60_000);
    }

    private static void complete(JdbcIdempotencyStore store, int i) {
        long token = store.claim(new ClaimRequest("s", "k-" + i, "e", "fp", "child", "r", Duration.ofSeconds(30),
                Duration.ofHours(1))).record().fencingToken();
        store.complete("s", "k-" + i, token, new StoredResponse(201, Map.of("Content-Type",
                List.of("text/plain")), ("body-" + i).getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1));
    }
}
