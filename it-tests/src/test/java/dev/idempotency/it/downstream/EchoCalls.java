package dev.idempotency.it.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

/**
 * What payments' {@code /echo} notes of one run of the orders demos' five calls (a POST, a GET, a
 * PUT, a POST with the application's own key {@code app-key}, a POST), as {@code METHOD key}, with
 * {@code -} for no key.
 */
final class EchoCalls {

    static final List<String> UNKEYED = List.of("POST -", "GET -", "PUT -", "POST app-key", "POST -");

    private EchoCalls() {
    }

    /** The five calls of a protected execution: each unsafe one keyed, a GET and the application's own key left alone. */
    static void assertKeyed(List<String> five) {
        assertThat(five).hasSize(5);
        assertThat(five.get(0)).startsWith("POST ").isNotEqualTo("POST -");
        assertThat(five.get(1)).as("a GET gets no key").isEqualTo("GET -");
        assertThat(five.get(2)).startsWith("PUT ").isNotEqualTo("PUT -");
        assertThat(five.get(3)).as("the application's own key is kept").isEqualTo("POST app-key");
        assertThat(five.get(4)).startsWith("POST ").isNotEqualTo("POST -").isNotEqualTo(five.get(0));
    }
}
