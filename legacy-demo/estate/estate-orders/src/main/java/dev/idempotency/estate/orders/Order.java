package dev.idempotency.estate.orders;

/** A created order; {@link #toJson()} is the body of the create's 201. */
public final class Order {

    private final long id;
    private final String item;
    private final int quantity;

    Order(long id, String item, int quantity) {
        this.id = id;
        this.item = item;
        this.quantity = quantity;
    }

    public long id() {
        return id;
    }

    /** {@code {"id":N,"item":"...","quantity":N}}. */
    public String toJson() {
        return "{\"id\":" + id + ",\"item\":\"" + item + "\",\"quantity\":" + quantity + "}";
    }
}
