package dev.idempotency.it.contract;

import com.fasterxml.jackson.databind.JsonNode;

/** The demo's side-effect counters from {@code GET /stats}; tests compare differences around an action. */
public record Stats(long orders, long emails, long payments, long charges) {

    public static final Stats NONE = new Stats(0, 0, 0, 0);

    public static Stats of(JsonNode stats) {
        return new Stats(stats.get("orders").asLong(), stats.get("emails").asLong(),
                stats.get("payments").asLong(), stats.get("charges").asLong());
    }

    /** One order with its e-mail. */
    public static Stats oneOrder() {
        return new Stats(1, 1, 0, 0);
    }

    /** One payment with its provider charge. */
    public static Stats payments(long count) {
        return new Stats(0, 0, count, count);
    }

    public Stats minus(Stats other) {
        return new Stats(orders - other.orders, emails - other.emails,
                payments - other.payments, charges - other.charges);
    }
}
