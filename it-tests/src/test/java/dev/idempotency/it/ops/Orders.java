package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Http;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/** The demo's orders as the tests use them: one order per key, the key written into the item so each order names its operation. */
final class Orders {

    static final String OUTCOME_UNKNOWN = "idempotency-outcome-unknown";
    static final String IN_PROGRESS = "idempotency-request-in-progress";
    static final String STORE_UNAVAILABLE = "idempotency-store-unavailable";

    /**
     * Long enough that the JVM is always killed while the handler sleeps after its commit. The query
     * is part of the fingerprint: a retry of the same operation repeats it.
     */
    static final String SLEEP_AFTER_COMMIT = "?delayMs=60000";

    /** More than any gap a restart leaves in the demo's order ids. */
    private static final int MAX_ID_GAP = 200;

    private Orders() {
    }

    static String body(String key) {
        return "{\"item\": \"" + key + "\", \"quantity\": 1}";
    }

    static Http.Response create(URI baseUri, String key, String query, Duration timeout) {
        return Http.to(baseUri).postJson("/orders" + query, body(key), timeout, "Idempotency-Key", key);
    }

    /**
     * Starts a request whose handler commits, then sleeps for {@code query}'s delay: the JVM is
     * killed meanwhile, so its answer never comes.
     */
    static void inFlight(URI baseUri, String key, String query) {
        CompletableFuture.runAsync(() -> {
            try {
                create(baseUri, key, query, Duration.ofSeconds(90));
            } catch (RuntimeException killed) {
                // expected: the connection breaks when the JVM dies
            }
        });
    }

    /** {@code replay} is the stored answer of {@code answered}: its status, body and location, marked replayed. */
    static void assertReplayOf(Http.Response answered, Http.Response replay) {
        assertThat(replay.status()).isEqualTo(answered.status());
        assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
        assertThat(replay.body()).isEqualTo(answered.body());
        assertThat(replay.header("Location")).isEqualTo(answered.header("Location"));
    }

    /** The {@code type} of a problem answer, or "" for anything else. */
    static String problemType(Http.Response response) {
        if (!response.header("Content-Type").orElse("").startsWith("application/problem+json")) {
            return "";
        }
        return response.json().path("type").asText("");
    }

    static boolean isProblem(Http.Response response, String typeSuffix) {
        return problemType(response).endsWith(typeSuffix);
    }

    /** The {@code orders} count of {@code /stats}. */
    static int count(URI baseUri) {
        return Http.to(baseUri).get("/stats").json().get("orders").asInt();
    }

    /**
     * The item of every order of one demo process. Ids have gaps after a crash (H2 hands out
     * identity values in cached blocks of 32), so ids are probed until every order was found.
     */
    static List<String> items(URI baseUri) {
        int count = count(baseUri);
        List<String> items = new ArrayList<>();
        for (int id = 1, misses = 0; items.size() < count && misses < MAX_ID_GAP; id++) {
            Http.Response order = Http.to(baseUri).get("/orders/" + id);
            if (order.status() == 200) {
                items.add(order.json().get("item").asText());
                misses = 0;
            } else {
                misses++;
            }
        }
        return items;
    }

    /**
     * Sends one operation until it gets a final answer, as a careful client does: a broken
     * connection, 503 or 409 in-progress are retried with the same key after a pause; a 2xx, a
     * replay or 409 outcome-unknown are final.
     *
     * @param baseUri asked before every attempt: the service may have moved to another port
     */
    static Http.Response createWithRetries(Supplier<URI> baseUri, String key, String query, Duration giveUpAfter) {
        long deadline = System.nanoTime() + giveUpAfter.toNanos();
        RuntimeException lastFailure = null;
        Http.Response last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = create(baseUri.get(), key, query, Duration.ofSeconds(10));
                if (last.status() / 100 == 2 || isProblem(last, OUTCOME_UNKNOWN)) {
                    return last;
                }
            } catch (RuntimeException connectionBroken) {
                lastFailure = connectionBroken;
            }
            pause(Duration.ofMillis(300));
        }
        throw new AssertionError("no final answer for key " + key + " within " + giveUpAfter + "; last: "
                + (last != null ? last.status() + " " + last.body() : lastFailure));
    }

    /**
     * Returns once the leases of requests in flight in a JVM killed at {@code killedAt} (a
     * {@link System#nanoTime()}) have lapsed: renewed until the kill, each holds up to one lease
     * term after it, and a retry before then is answered 409 in progress, not outcome unknown.
     */
    static void awaitLeasesOfTheKilledLapsed(long killedAt) {
        long left = killedAt + OpsConfig.LEASE_TERM.plusMillis(100).toNanos() - System.nanoTime();
        if (left > 0) {
            pause(Duration.ofNanos(left));
        }
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
