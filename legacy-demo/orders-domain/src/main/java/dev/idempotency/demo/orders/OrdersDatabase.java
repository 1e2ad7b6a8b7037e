package dev.idempotency.demo.orders;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.h2.jdbcx.JdbcDataSource;

/** The demo's embedded H2 database: one file under the data directory, schema created on first use. */
public final class OrdersDatabase {

    /** System property naming the data directory; relative paths resolve against the working directory. */
    public static final String DATA_DIR_PROPERTY = "demo.data.dir";

    private static final String[] SCHEMA = {
        "CREATE TABLE IF NOT EXISTS orders (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
            + " item VARCHAR(255) NOT NULL, quantity INT NOT NULL, state VARCHAR(32) NOT NULL,"
            + " created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)",
        "CREATE TABLE IF NOT EXISTS outbox_emails (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
            + " order_id BIGINT NOT NULL REFERENCES orders(id), subject VARCHAR(255) NOT NULL)",
        "CREATE TABLE IF NOT EXISTS payments (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
            + " order_id BIGINT NOT NULL REFERENCES orders(id), amount DECIMAL(19, 2) NOT NULL)",
        "CREATE TABLE IF NOT EXISTS provider_charges (id BIGINT AUTO_INCREMENT PRIMARY KEY,"
            + " payment_id BIGINT NOT NULL REFERENCES payments(id), amount DECIMAL(19, 2) NOT NULL)",
    };

    private final JdbcDataSource dataSource = new JdbcDataSource();

    private OrdersDatabase(Path file) {
        // WRITE_DELAY=0: a commit is on disk before the response, so a SIGKILL right after a write
        // keeps the order (the crash tests depend on that). DB_CLOSE_DELAY=-1: stay open between requests.
        dataSource.setURL("jdbc:h2:file:" + file.toAbsolutePath() + ";WRITE_DELAY=0;DB_CLOSE_DELAY=-1");
        dataSource.setUser("demo");
        dataSource.setPassword("");
    }

    /** Opens (creating if absent) {@code <demo.data.dir or ./data>/orders}. */
    public static OrdersDatabase openDefault() {
        Path dir = Path.of(System.getProperty(DATA_DIR_PROPERTY, "data"));
        OrdersDatabase database = new OrdersDatabase(dir.resolve("orders"));
        database.createSchema();
        return database;
    }

    public Connection connect() throws SQLException {
        return dataSource.getConnection();
    }

    /** Closes the database now; a web application does this when undeployed, before its class loader goes away. */
    public void shutdown() {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("SHUTDOWN");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot shut the demo database down", e);
        }
    }

    private void createSchema() {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String ddl : SCHEMA) {
                statement.execute(ddl);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the demo schema", e);
        }
    }
}
