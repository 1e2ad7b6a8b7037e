package dev.idempotency.demo.orders;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * Where the demo keeps its business data: the embedded H2 file by default ({@link OrderRepository}),
 * or a PostgreSQL table when {@value PostgresOrderBook#URL_PROPERTY} is set ({@link PostgresOrderBook}).
 */
interface OrderBook {

    /** Creates the order, committed before it returns; its id. */
    long createOrder(String item, int quantity);

    /** The payment's id; empty if the order does not exist. */
    Optional<Long> addPayment(long orderId, BigDecimal amount);

    Optional<Order> find(long id);

    Stats stats();

    /** Closes the database connections of this process (or web application). */
    void shutdown();

    /** The book the system properties ask for: a PostgreSQL table if its URL is set, else the embedded file. */
    static OrderBook openDefault() {
        String url = System.getProperty(PostgresOrderBook.URL_PROPERTY);
        if (url != null && !url.isBlank()) {
            return PostgresOrderBook.open(url);
        }
        return new OrderRepository(OrdersDatabase.openDefault());
    }
}
