package dev.idempotency.demo.orders;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Plain JDBC: each write is one transaction covering the business row and its side-effect row. */
public final class OrderRepository implements OrderBook {

    private static final Logger LOG = LoggerFactory.getLogger(OrderRepository.class);

    private final OrdersDatabase database;

    public OrderRepository(OrdersDatabase database) {
        this.database = database;
    }

    /** Inserts the order and its "confirmation e-mail" outbox row together; returns the order id. */
    @Override
    public long createOrder(String item, int quantity) {
        return inTransaction(connection -> {
            long id = insert(connection, "INSERT INTO orders (item, quantity, state) VALUES (?, ?, 'created')",
                    item, quantity);
            insert(connection, "INSERT INTO outbox_emails (order_id, subject) VALUES (?, ?)",
                    id, "Your order " + id + " is confirmed");
            LOG.info("order {} created: {} x {}", id, quantity, item);
            return id;
        });
    }

    /** Inserts the payment and its "provider charge" row together; empty if the order does not exist. */
    @Override
    public Optional<Long> addPayment(long orderId, BigDecimal amount) {
        return inTransaction(connection -> {
            if (findOrder(connection, orderId).isEmpty()) {
                return Optional.empty();
            }
            long paymentId = insert(connection, "INSERT INTO payments (order_id, amount) VALUES (?, ?)", orderId, amount);
            insert(connection, "INSERT INTO provider_charges (payment_id, amount) VALUES (?, ?)", paymentId, amount);
            LOG.info("payment {} of {} charged for order {}", paymentId, amount, orderId);
            return Optional.of(paymentId);
        });
    }

    @Override
    public Optional<Order> find(long id) {
        return inTransaction(connection -> findOrder(connection, id));
    }

    @Override
    public Stats stats() {
        return inTransaction(connection -> new Stats(
                count(connection, "orders"), count(connection, "outbox_emails"),
                count(connection, "payments"), count(connection, "provider_charges")));
    }

    @Override
    public void shutdown() {
        database.shutdown();
    }

    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private <T> T inTransaction(Work<T> work) {
        try (Connection connection = database.connect()) {
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("database error: " + e.getMessage(), e);
        }
    }

    private static long insert(Connection connection, String sql, Object... values) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static Optional<Order> findOrder(Connection connection, long id) throws SQLException {
        try (PreparedStatement statement =
                connection.prepareStatement("SELECT id, item, quantity, state FROM orders WHERE id = ?")) {
            statement.setLong(1, id);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Order(row.getLong(1), row.getString(2), row.getInt(3), row.getString(4)));
            }
        }
    }

    private static long count(Connection connection, String table) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            row.next();
            return row.getLong(1);
        }
    }
}
