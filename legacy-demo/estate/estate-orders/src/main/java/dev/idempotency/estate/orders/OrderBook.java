package dev.idempotency.estate.orders;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The orders of one application, in memory, and how many times its create handler ran: the count a
 * test compares before and after a request to see whether the application executed it.
 * Thread-safe; one book per application ({@link #shared()}) or per handler that owns one.
 */
public final class OrderBook {

    private static final OrderBook SHARED = new OrderBook();

    private final AtomicLong executions = new AtomicLong();
    private final AtomicLong lastId = new AtomicLong();
    private final Map<Long, Order> orders = new ConcurrentHashMap<Long, Order>();

    /** The book of the application this class was loaded for (one per class loader). */
    public static OrderBook shared() {
        return SHARED;
    }

    /**
     * One execution of the create handler: counted first (a malformed body is an execution too),
     * then, after {@code delayMs}, the order is created.
     *
     * @param body the request body, {@code {"item":"...","quantity":N}}
     * @param delayMs how long to sleep before creating (the {@code delayMs} query parameter); 0 for none
     * @throws IllegalArgumentException when the body is no such object (answer 400)
     */
    public Order create(String body, long delayMs) {
        executions.incrementAndGet();
        NewOrder request = NewOrder.parse(body);
        sleep(delayMs);
        Order order = new Order(lastId.incrementAndGet(), request.item(), request.quantity());
        orders.put(order.id(), order);
        return order;
    }

    /** How many times {@link #create} ran, the failed ones included. */
    public long executions() {
        return executions.get();
    }

    /** The order with that id, or null. */
    public Order find(long id) {
        return orders.get(id);
    }

    /** The {@code delayMs} query parameter as milliseconds: absent or empty is 0. */
    public static long delayMs(String parameter) {
        if (parameter == null || parameter.isEmpty()) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(parameter));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("delayMs is not a number: " + parameter, e);
        }
    }

    private static void sleep(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // The container is shutting down: create the order anyway, keep the interruption for it.
            Thread.currentThread().interrupt();
        }
    }
}
