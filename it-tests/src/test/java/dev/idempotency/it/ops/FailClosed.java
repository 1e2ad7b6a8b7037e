package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.function.Supplier;

/** What a fail-closed endpoint answers while the store is away: 503, quickly, and nothing executed. */
final class FailClosed {

    /** connect-timeout (1 s) + statement-timeout (2 s) + the socket timeout's extra second + slack for a loaded machine. */
    static final Duration BOUND = Duration.ofSeconds(8);

    private FailClosed() {
    }

    /**
     * An order ("before") while the store answers, then the store cut away by {@code relay}:
     * create-order is refused within the bound, and the order's payment, on a fail-open endpoint,
     * executes unprotected ("pay-while-cut").
     */
    static void cutWithAnOrderBefore(TcpRelay relay, URI uri) throws IOException {
        Http.Response order = Orders.create(uri, "before", "", Http.DEFAULT_TIMEOUT);
        assertThat(order.status()).isEqualTo(201);
        String payments = order.header("Location").orElseThrow() + "/payments";

        relay.cut();
        assertRefusedWithinBound(uri, "while-cut");
        Http.Response unprotected = timed(() -> Http.to(uri).postJson(payments, "{\"amount\": 5}",
                Http.DEFAULT_TIMEOUT, "Idempotency-Key", "pay-while-cut"));
        assertThat(unprotected.status()).as("fail-open executes").isEqualTo(201);
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
