package dev.idempotency.demo.orders;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.regex.Pattern;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The orders in one PostgreSQL table, as a service run in several instances keeps its business
 * data on a database server: a create is one {@code INSERT}, committed on its own, on a connection
 * from a small pool. Only orders live here; payments and the outbox e-mails belong to the embedded
 * database's schema, so a payment is refused ({@link UnsupportedOperationException}) and the
 * statistics count orders only.
 *
 * <p>System properties: {@value #URL_PROPERTY} (a {@code jdbc:postgresql:} URL), {@value #USER_PROPERTY},
 * {@value #PASSWORD_PROPERTY}, {@value #TABLE_PROPERTY} (default {@value #DEFAULT_TABLE}, created if
 * absent) and {@value #POOL_PROPERTY} (connections, default {@value #DEFAULT_POOL}).
 */
final class PostgresOrderBook implements OrderBook {

    static final String URL_PROPERTY = "demo.orders.url";
    static final String USER_PROPERTY = "demo.orders.user";
    static final String PASSWORD_PROPERTY = "demo.orders.password";
    static final String TABLE_PROPERTY = "demo.orders.table";
    static final String POOL_PROPERTY = "demo.orders.pool";
    static final String DEFAULT_TABLE = "demo_orders";
    static final int DEFAULT_POOL = 8;

    /** The embedded book's logger: one "order N created" line per order, wherever the orders are kept. */
    private static final Logger LOG = LoggerFactory.getLogger(OrderRepository.class);
    /** A table name, optionally with its schema: it is written into the SQL, so nothing else is accepted. */
    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    private final HikariDataSource pool;
    private final String insert;
    private final String select;
    private final String count;

    private PostgresOrderBook(HikariDataSource pool, String table) {
        this.pool = pool;
        this.insert = "INSERT INTO " + table + " (item, quantity, state) VALUES (?, ?, 'created') RETURNING id";
        this.select = "SELECT id, item, quantity, state FROM " + table + " WHERE id = ?";
        this.count = "SELECT COUNT(*) FROM " + table;
    }

    /** Opens the pool and creates the table if absent. */
    static PostgresOrderBook open(String url) {
        String table = System.getProperty(TABLE_PROPERTY, DEFAULT_TABLE);
        if (!TABLE_NAME.matcher(table).matches()) {
            throw new IllegalArgumentException(TABLE_PROPERTY + " is not a table name: " + table);
        }
        PGSimpleDataSource driver = new PGSimpleDataSource();
        driver.setURL(url);
        String user = System.getProperty(USER_PROPERTY);
        if (user != null) {
            driver.setUser(user);
        }
        String password = System.getProperty(PASSWORD_PROPERTY);
        if (password != null) {
            driver.setPassword(password);
        }
        HikariConfig config = new HikariConfig();
        config.setPoolName("demo-orders");
        config.setDataSource(driver);
        config.setMaximumPoolSize(Integer.getInteger(POOL_PROPERTY, DEFAULT_POOL));
        config.setAutoCommit(true);
        PostgresOrderBook book = new PostgresOrderBook(new HikariDataSource(config), table);
        book.createTable(table);
        return book;
    }

    @Override
    public long createOrder(String item, int quantity) {
        try (Connection connection = pool.getConnection();
                PreparedStatement statement = connection.prepareStatement(insert)) {
            statement.setString(1, item);
            statement.setInt(2, quantity);
            try (ResultSet row = statement.executeQuery()) {
                row.next();
                long id = row.getLong(1);
                LOG.info("order {} created: {} x {}", id, quantity, item);
                return id;
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    @Override
    public Optional<Long> addPayment(long orderId, BigDecimal amount) {
        throw new UnsupportedOperationException("payments are kept only in the embedded database; this demo keeps "
                + "its orders in PostgreSQL (" + URL_PROPERTY + ")");
    }

    @Override
    public Optional<Order> find(long id) {
        try (Connection connection = pool.getConnection();
                PreparedStatement statement = connection.prepareStatement(select)) {
            statement.setLong(1, id);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Order(row.getLong(1), row.getString(2), row.getInt(3), row.getString(4)));
            }
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    @Override
    public Stats stats() {
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery(count)) {
            row.next();
            return new Stats(row.getLong(1), 0, 0, 0);
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    @Override
    public void shutdown() {
        pool.close();
    }

    private void createTable(String table) {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE IF NOT EXISTS " + table + " (id BIGINT GENERATED BY DEFAULT AS IDENTITY"
                    + " PRIMARY KEY, item VARCHAR(255) NOT NULL, quantity INT NOT NULL, state VARCHAR(32) NOT NULL,"
                    + " created_at TIMESTAMPTZ NOT NULL DEFAULT now())");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the demo's order table " + table + ": " + e.getMessage(), e);
        }
    }

    private static IllegalStateException failed(SQLException e) {
        return new IllegalStateException("database error: " + e.getMessage(), e);
    }
}
