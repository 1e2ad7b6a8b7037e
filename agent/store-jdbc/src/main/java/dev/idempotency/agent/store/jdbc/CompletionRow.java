package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;

import dev.idempotency.agent.store.StoredResponse;

/** One caller's completion of its record: the response to keep, fenced by the caller's token, alone or in a group. */
public final class CompletionRow {

    public final String scope;
    public final String key;
    final long token;
    final StoredResponse response;
    final Duration ttl;

    CompletionRow(String scope, String key, long token, StoredResponse response, Duration ttl) {
        this.scope = scope;
        this.key = key;
        this.token = token;
        this.response = response;
        this.ttl = ttl;
    }

    /** Runs the single-row completion ({@link TableSql#complete}); true when it completed the record. */
    public boolean run(Connection connection, String completeSql) throws SQLException {
        try (PreparedStatement update = connection.prepareStatement(completeSql)) {
            bind(update);
            return update.executeUpdate() == 1;
        }
    }

    /** The parameters of {@link TableSql#complete}. */
    public void bind(PreparedStatement update) throws SQLException {
        update.setInt(1, response.status());
        update.setString(2, HeadersJson.write(response.headers()));
        update.setBytes(3, response.body());
        update.setBoolean(4, response.bodyRetained());
        update.setLong(5, ttl.toMillis());
        update.setString(6, scope);
        update.setString(7, key);
        update.setLong(8, token);
    }
}
