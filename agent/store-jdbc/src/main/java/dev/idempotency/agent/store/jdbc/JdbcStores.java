package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;
import dev.idempotency.agent.store.jdbc.postgres.PostgresDialect;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.StoreUnavailableException;

/** Opens a JDBC store: the dialect follows the URL, connections come from a bounded HikariCP pool. */
public final class JdbcStores {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcStores.class);
    /** HikariCP refuses shorter connection and validation timeouts. */
    private static final long HIKARI_MINIMUM_MILLIS = 250;

    private JdbcStores() {
    }

    /** Picks the dialect from the JDBC URL; {@code jdbc:mysql:} is served by the MariaDB driver. */
    static Dialect dialectFor(String url) {
        if (url.startsWith("jdbc:h2:")) {
            return new H2Dialect();
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return new PostgresDialect();
        }
        if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            return new MariaDbDialect();
        }
        throw new IllegalArgumentException("unsupported store URL '" + url
                + "': expected jdbc:h2:, jdbc:postgresql:, jdbc:mariadb: or jdbc:mysql:");
    }

    /**
     * Fails now, without loading a driver, for a URL no dialect supports; opening the store may
     * then happen later on another thread.
     *
     * @return the database's short name: "h2", "postgresql" or "mariadb"
     * @throws IllegalArgumentException naming the supported URL forms
     */
    public static String checkUrl(String url) {
        return dialectFor(url).kind();
    }

    /**
     * Opens the store and creates its table if absent. A database that cannot be reached yet is
     * logged, not fatal: operations fail with {@link StoreUnavailableException} until it answers.
     *
     * @throws StoreSchemaException when the table was laid out for another schema version
     */
    public static IdempotencyStore open(StoreSettings settings) {
        return open(settings, dialectFor(settings.url()));
    }

    /** The store of the given dialect, writing as the dialect chooses. */
    static JdbcIdempotencyStore open(StoreSettings settings, Dialect dialect) {
        return open(settings, dialect, dialect::writeStrategy);
    }

    /** The store writing by the strategy given (for tests and benchmarks comparing strategies on one database). */
    static JdbcIdempotencyStore open(StoreSettings settings, Dialect dialect, StrategyChoice strategy) {
        HikariConfig config = poolConfig(settings, dialect);
        if (dialect instanceof H2Dialect) {
            openEmbeddedFile(config.getDataSource());
        }
        HikariDataSource pool = new HikariDataSource(config);
        RecordTable table = new RecordTable(pool, dialect, new TableSql(settings.table(), dialect),
                dialect.name() + " store, " + settings.describe(), settings.url());
        // A write queued behind others waits at most what one of its own could take.
        long waitMillis = settings.connectTimeout().plus(settings.statementTimeout()).toMillis();
        JdbcIdempotencyStore store = new JdbcIdempotencyStore(table, pool,
                strategy.choose(table, settings, waitMillis));
        try {
            store.prepareSchema();
        } catch (StoreSchemaException e) {
            store.close();
            throw e;
        } catch (StoreUnavailableException e) {
            LOG.warn("Idempotency store not reachable yet, requests fail closed until it is: {}", e.getMessage());
        }
        return store;
    }

    /** Picks a store's {@link WriteStrategy}; by default the dialect's own. */
    interface StrategyChoice {
        WriteStrategy choose(RecordTable table, StoreSettings settings, long waitMillis);
    }

    /**
     * Opening an H2 file is local work that can take seconds (a cold JVM, the recovery of a file
     * left by a killed process), not a network wait: it must not count against the connect timeout
     * of the first requests. One direct connection opens (and recovers) the file before the pool
     * starts.
     */
    private static void openEmbeddedFile(DataSource direct) {
        try (Connection ignored = direct.getConnection()) {
            LOG.debug("Embedded store file opened");
        } catch (SQLException e) {
            LOG.warn("Idempotency store file could not be opened yet: {}", e.getMessage());
        }
    }

    private static HikariConfig poolConfig(StoreSettings settings, Dialect dialect) {
        Properties properties = dialect.connectionProperties(settings);
        if (settings.user() != null) {
            properties.setProperty("user", settings.user());
        }
        if (settings.password() != null) {
            properties.setProperty("password", settings.password());
        }
        HikariConfig config = new HikariConfig();
        config.setDataSource(new DriverDataSource(dialect.driverClassName(), dialect.normaliseUrl(settings.url()),
                properties));
        config.setPoolName("idempotency-store");
        // The pool adds and closes connections on threads it makes when needed, on a request's thread too.
        config.setThreadFactory(StoreThreads.numbered("idempotency-store-pool"));
        config.setMaximumPoolSize(settings.poolSize());
        long connectMillis = Math.max(HIKARI_MINIMUM_MILLIS, settings.connectTimeout().toMillis());
        config.setConnectionTimeout(connectMillis);
        config.setValidationTimeout(connectMillis);
        // Start without the database; the pool keeps trying and requests fail closed meanwhile.
        config.setInitializationFailTimeout(-1);
        config.setAutoCommit(true);
        return config;
    }
}
