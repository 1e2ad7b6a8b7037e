package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Assumptions;

/**
 * The real databases the store tests run against, named by system properties (set by the build).
 * Unreachable, they are skipped, unless CI=true: then a missing database fails the build.
 */
public final class TestDatabases {

    private static final Map<String, String> UNREACHABLE = new ConcurrentHashMap<>();

    private TestDatabases() {
    }

    public static StoreSettings postgres(String table) {
        return server("postgres", "PostgreSQL", "jdbc:postgresql://127.0.0.1:5432/test", "postgres", table);
    }

    static StoreSettings mariadb(String table) {
        return server("mariadb", "MariaDB", "jdbc:mariadb://127.0.0.1:3306/test", "root", table);
    }

    public static String uniqueTable() {
        return "idem_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** Runs SQL over a connection of its own, outside any store (to break or clean up a table). */
    public static void execute(StoreSettings settings, String... statements) {
        try (Connection connection = connect(settings); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void dropTables(StoreSettings settings) {
        execute(settings, "DROP TABLE IF EXISTS " + settings.table(), "DROP TABLE IF EXISTS " + settings.table() + "_meta");
    }

    public static Connection connect(StoreSettings settings) throws SQLException {
        Dialect dialect = JdbcStores.dialectFor(settings.url());
        Properties properties = dialect.connectionProperties(settings);
        properties.setProperty("user", settings.user());
        properties.setProperty("password", settings.password() == null ? "" : settings.password());
        return new DriverDataSource(dialect.driverClassName(), dialect.normaliseUrl(settings.url()), properties)
                .getConnection();
    }

    private static StoreSettings server(String id, String name, String defaultUrl, String defaultUser, String table) {
        String url = System.getProperty("idempotency.test." + id + ".url", defaultUrl);
        StoreSettings settings = StoreSettings.forUrl(url)
                .withCredentials(System.getProperty("idempotency.test." + id + ".user", defaultUser),
                        System.getProperty("idempotency.test." + id + ".password", ""))
                .withTable(table)
                .withPoolSize(16)
                .withConnectTimeout(Duration.ofSeconds(3))
                .withStatementTimeout(Duration.ofSeconds(10));
        String problem = UNREACHABLE.computeIfAbsent(url, any -> reachability(settings));
        if (!problem.isEmpty()) {
            String message = name + " is not reachable at " + url + " (" + problem + "). Start it, or point the tests "
                    + "at one with -Didempotency.test." + id + ".url=... (and .user, .password).";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(message + " CI=true: database tests must run.");
            }
            Assumptions.abort(message);
        }
        return settings;
    }

    /** Empty when the database answers, else why not. */
    private static String reachability(StoreSettings settings) {
        try (Connection connection = connect(settings)) {
            return connection.isValid(3) ? "" : "connection not valid";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }
}
