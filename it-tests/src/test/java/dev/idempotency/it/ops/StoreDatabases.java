package dev.idempotency.it.ops;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The shared PostgreSQL and MariaDB servers the agent's store uses in these tests. Each test gets
 * tables of its own and drops them. Unreachable, a test is skipped, unless CI=true: then it fails.
 */
enum StoreDatabases {

    POSTGRESQL("PostgreSQL", "127.0.0.1", 5432, "postgres", "jdbc:postgresql://%s:%d/test"),
    MARIADB("MariaDB", "127.0.0.1", 3306, "root", "jdbc:mariadb://%s:%d/test");

    private final String label;
    private final String host;
    private final int port;
    private final String user;
    private final String urlPattern;

    StoreDatabases(String label, String host, int port, String user, String urlPattern) {
        this.label = label;
        this.host = host;
        this.port = port;
        this.user = user;
        this.urlPattern = urlPattern;
    }

    int port() {
        return port;
    }

    String user() {
        return user;
    }

    String url() {
        return url(port);
    }

    /** The URL through another local port (a {@link TcpRelay}). */
    String url(int viaPort) {
        return String.format(urlPattern, host, viaPort);
    }

    static String uniqueTable() {
        return "ops_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** Skips (or, with CI=true, fails) when the server does not answer. */
    void requireReachable() {
        try (Connection connection = connect()) {
            connection.isValid(3);
        } catch (SQLException e) {
            String message = label + " is not reachable at " + url() + " (" + e.getMessage() + ")";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message + "; CI=true: database tests must run");
            }
            Assumptions.abort(message);
        }
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user, "");
    }

    /** The state of {@code key}'s record in {@code table}, read directly (not through a relay); "none" without one. */
    String stateOf(String table, String key) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement select = connection.prepareStatement("SELECT state FROM " + table + " WHERE idem_key = ?")) {
            select.setString(1, key);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? row.getString(1) : "none";
            }
        }
    }

    void dropTables(String table) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + table);
            statement.execute("DROP TABLE IF EXISTS " + table + "_meta");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop " + table + " in " + label, e);
        }
    }

    @Override
    public String toString() {
        return label;
    }
}
