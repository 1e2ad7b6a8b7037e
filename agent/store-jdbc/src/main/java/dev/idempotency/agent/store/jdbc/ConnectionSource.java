package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens a connection ready for writes (schema checked), in auto-commit. */
public interface ConnectionSource {
    Connection open() throws SQLException;

    /** {@code failure} came from {@code connection}, not yet closed: a chance to evict the connections it broke. */
    default void failed(Connection connection, SQLException failure) {
    }
}
