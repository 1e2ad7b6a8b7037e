package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.idempotency.agent.store.StoredResponse;

/**
 * Completions of several records at once, each fenced by its own token, each caller told whether
 * its own row was completed. MariaDB's {@code UPDATE} returns no rows and a multi-table update
 * reports only a total, so the single-row completions go as one JDBC batch in one transaction,
 * and the per-row update counts tell each caller.
 */
final class CompletionRows extends DistinctKeyRows<CompletionRows.Completion, Boolean> {

    /** One caller's completion. */
    static final class Completion {

        final String scope;
        final String key;
        final long token;
        final StoredResponse response;
        final Duration ttl;

        Completion(String scope, String key, long token, StoredResponse response, Duration ttl) {
            this.scope = scope;
            this.key = key;
            this.token = token;
            this.response = response;
            this.ttl = ttl;
        }

        /** Runs the single-row completion ({@link TableSql#complete}); true when it completed the record. */
        boolean run(Connection connection, String completeSql) throws SQLException {
            try (PreparedStatement update = connection.prepareStatement(completeSql)) {
                bind(update);
                return update.executeUpdate() == 1;
            }
        }

        /** The parameters of {@link TableSql#complete}. */
        void bind(PreparedStatement update) throws SQLException {
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

    CompletionRows(GroupCommitWriter.ConnectionSource connections, Dialect dialect, TableSql sql) {
        super(connections, dialect, sql);
    }

    @Override
    String scope(Completion completion) {
        return completion.scope;
    }

    @Override
    String key(Completion completion) {
        return completion.key;
    }

    @Override
    Boolean runAlone(Connection connection, Completion completion) throws SQLException {
        return completion.run(connection, sql.complete);
    }

    /** The single-row completion, batched, in one transaction; null (nothing applied) when a count is not known. */
    @Override
    List<Boolean> runDistinct(Connection connection, List<Completion> rows) throws SQLException {
        connection.setAutoCommit(false);
        boolean committed = false;
        try (PreparedStatement update = connection.prepareStatement(sql.complete)) {
            for (Completion completion : rows) {
                completion.bind(update);
                update.addBatch();
            }
            int[] counts = update.executeBatch();
            List<Boolean> completed = new ArrayList<>(rows.size());
            for (int count : counts) {
                if (count != 0 && count != 1) {
                    // A driver that answers "done, count unknown" cannot tell a fenced caller from a completed one.
                    return null;
                }
                completed.add(count == 1);
            }
            connection.commit();
            committed = true;
            return completed;
        } finally {
            if (!committed) {
                connection.rollback();
            }
            connection.setAutoCommit(true);
        }
    }
}
