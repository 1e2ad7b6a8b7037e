package dev.idempotency.agent.store.jdbc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredResponse;

/**
 * Run in a forked JVM by {@link H2DurabilityTest}: completes records in an H2 file store, says
 * so on stdout, and waits to be killed without closing anything.
 */
public final class CompletesAndWaitsToBeKilled {

    static final String DONE = "completed-all";

    private CompletesAndWaitsToBeKilled() {
    }

    public static void main(String[] args) throws InterruptedException {
        String url = args[0];
        int records = Integer.parseInt(args[1]);
        JdbcIdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url));
        for (int i = 0; i < records; i++) {
            long token = store.claim(new ClaimRequest("s", "k-" + i, "e", "fp", "child", "r", Duration.ofSeconds(30),
                    Duration.ofHours(1))).record().fencingToken();
            store.complete("s", "k-" + i, token, new StoredResponse(201, Map.of("Content-Type",
                    List.of("text/plain")), ("body-" + i).getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1));
        }
        System.out.println(DONE);
        System.out.flush();
        // Bounded, should the test die before it kills this JVM.
        Thread.sleep(60_000);
    }
}
