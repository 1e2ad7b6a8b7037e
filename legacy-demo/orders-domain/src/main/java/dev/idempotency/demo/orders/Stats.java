package dev.idempotency.demo.orders;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Row counts that reveal duplicate side effects: orders, their outbox e-mails, payments and provider charges. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@JsonPropertyOrder({"orders", "emails", "payments", "charges"})
public final class Stats {

    private final long orders;
    private final long emails;
    private final long payments;
    private final long charges;

    public Stats(long orders, long emails, long payments, long charges) {
        this.orders = orders;
        this.emails = emails;
        this.payments = payments;
        this.charges = charges;
    }

    public long orders() {
        return orders;
    }

    public long emails() {
        return emails;
    }

    public long payments() {
        return payments;
    }

    public long charges() {
        return charges;
    }
}
