package dev.idempotency.demo.orders;

/** One stored order, as {@code GET /orders/{id}} shows it. */
public record Order(long id, String item, int quantity, String state) {}
