package dev.idempotency.demo.orders;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** One stored order, as {@code GET /orders/{id}} shows it. */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY)
@JsonPropertyOrder({"id", "item", "quantity", "state"})
public final class Order {

    private final long id;
    private final String item;
    private final int quantity;
    private final String state;

    public Order(long id, String item, int quantity, String state) {
        this.id = id;
        this.item = item;
        this.quantity = quantity;
        this.state = state;
    }

    public long id() {
        return id;
    }

    public String item() {
        return item;
    }

    public int quantity() {
        return quantity;
    }

    public String state() {
        return state;
    }
}
