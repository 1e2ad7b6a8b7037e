package dev.idempotency.it.jaxrs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.it.support.Http;

/** The demo's side-effect counters ({@code GET /stats}); assertions compare differences taken around an action. */
record DemoStats(long orders, long emails, long payments, long charges) {

    static DemoStats of(Http http) {
        JsonNode stats = http.get("/stats").json();
        return new DemoStats(stats.get("orders").asLong(), stats.get("emails").asLong(),
                stats.get("payments").asLong(), stats.get("charges").asLong());
    }

    DemoStats minus(DemoStats other) {
        return new DemoStats(orders - other.orders, emails - other.emails,
                payments - other.payments, charges - other.charges);
    }
}
