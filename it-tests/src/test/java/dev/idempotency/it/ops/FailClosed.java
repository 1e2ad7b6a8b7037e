package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Http;
import java.net.URI;
import java.time.Duration;
import java.util.function.Supplier;

/** What a fail-closed endpoint answers while the store is away: 503, quickly, and nothing executed. */
final class FailClosed {

    /** connect-timeout (1 s) + statement-timeout (2 s) + the socket timeout's extra second + slack for a loaded machine. */
    static final Duration BOUND = Duration.ofSeconds(8);

    private FailClosed() {
    }

    /** 503 + Retry-After, nothing executed, and no longer than the configured timeouts allow. */
    static void assertRefusedWithinBound(URI uri, String key) {
        int before = Orders.count(uri);
        for (int i = 0; i < 3; i++) {
            Http.Response refused = timed(() -> Orders.create(uri, key, "", Http.DEFAULT_TIMEOUT));
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).hasValue("1");
            assertThat(Orders.problemType(refused)).endsWith(Orders.STORE_UNAVAILABLE);
        }
        assertThat(Orders.count(uri)).as("fail-closed executes nothing").isEqualTo(before);
    }

    /** The answer, asserted to come within {@link #BOUND}. */
    static Http.Response timed(Supplier<Http.Response> request) {
        long start = System.nanoTime();
        Http.Response response = request.get();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("answered within the store timeouts").isLessThan(BOUND);
        return response;
    }
}
