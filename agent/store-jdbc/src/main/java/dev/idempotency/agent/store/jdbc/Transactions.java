package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs several statements as one transaction on a pooled connection left in auto-commit; on a
 * connection already inside a transaction (a group-commit batch) they join it instead.
 */
public final class Transactions {

    public interface Work<T> {
        T run() throws SQLException;
    }

    private Transactions() {
    }

    public static <T> T run(Connection connection, Work<T> work) throws SQLException {
        if (!connection.getAutoCommit()) {
            return work.run();
        }
        connection.setAutoCommit(false);
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }
}
