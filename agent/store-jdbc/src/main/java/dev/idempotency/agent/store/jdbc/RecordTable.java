package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;

import dev.idempotency.agent.store.StoreUnavailableException;

/**
 * The pool of one store and its record table: every connection handed out has the schema in
 * place (created or checked on first use, see {@link StoreSchema}).
 */
public final class RecordTable implements ConnectionSource {

    /** Statements run on one connection. */
    public interface SqlWork<T> {
        T apply(Connection connection) throws SQLException;
    }

    final DataSource pool;
    public final Dialect dialect;
    public final TableSql sql;
    /** Names the store in every failure ("H2 store, jdbc:h2:..."). */
    public final String description;
    /** The configured URL (an H2 file's size is read from its path). */
    final String url;
    private volatile boolean schemaReady;
    /** What the store logged about its table's layout when it first reached it; null for nothing. */
    private volatile String schemaNotice;

    RecordTable(DataSource pool, Dialect dialect, TableSql sql, String description, String url) {
        this.url = url;
        this.pool = pool;
        this.dialect = dialect;
        this.sql = sql;
        this.description = description;
    }

    /** Runs the work on a pooled connection in auto-commit; a database failure is a {@link StoreUnavailableException}. */
    <T> T run(String operation, SqlWork<T> work) {
        try (Connection connection = open()) {
            try {
                return work.apply(connection);
            } catch (SQLException e) {
                failed(connection, e);
                throw e;
            }
        } catch (SQLException e) {
            throw unavailable(operation, e);
        }
    }

    /** A pooled connection with the schema in place; the caller closes it. */
    @Override
    public Connection open() throws SQLException {
        Connection connection = pool.getConnection();
        try {
            if (!schemaReady) {
                ensureSchema(connection);
            }
            return connection;
        } catch (SQLException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * When {@code failure} broke the database in a way the pool does not recognise (see
     * {@link Dialect#breaksConnection}: H2 closed the file), every connection of the pool is dead:
     * the idle ones are closed now and the ones in use as they come back, so the next request
     * opens the database again instead of failing the same way for a connection's whole life.
     */
    @Override
    public void failed(Connection connection, SQLException failure) {
        if (dialect.breaksConnection(failure) && pool instanceof HikariDataSource) {
            HikariPoolMXBean connections = ((HikariDataSource) pool).getHikariPoolMXBean();
            if (connections != null) {
                connections.softEvictConnections();
            }
        }
    }

    String schemaNotice() {
        return schemaNotice;
    }

    StoreUnavailableException unavailable(String operation, SQLException e) {
        return new StoreUnavailableException(description + ": " + operation + " failed: " + e.getMessage(), e);
    }

    private synchronized void ensureSchema(Connection connection) throws SQLException {
        if (!schemaReady) {
            dialect.prepareDatabase(connection);
            schemaNotice = StoreSchema.ensure(connection, sql);
            schemaReady = true;
        }
    }
}
