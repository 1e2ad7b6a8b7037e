package dev.idempotency.agent.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.idempotency.agent.store.StoredResponse;

/**
 * Completions of several records at once, each fenced by its own token, each caller told whether
 * its own row was completed. PostgreSQL: one {@code UPDATE ... FROM unnest(...) RETURNING}
 * ({@link Dialect#completeRows}). MariaDB: its {@code UPDATE} returns no rows and a multi-table
 * update reports only a total, so the single-row completions go as one JDBC batch in one
 * transaction, and the per-row update counts tell each caller.
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
        try (PreparedStatement update = connection.prepareStatement(sql.complete)) {
            bind(update, completion);
            return update.executeUpdate() == 1;
        }
    }

    @Override
    List<Boolean> runDistinct(Connection connection, List<Completion> rows) throws SQLException {
        boolean[] completed;
        try (PreparedStatement statement = dialect.completeRows(connection, sql, rows)) {
            completed = statement != null ? inOneStatement(statement, rows) : inOneTransaction(connection, rows);
        }
        if (completed == null) {
            return null;
        }
        List<Boolean> results = new ArrayList<>(rows.size());
        for (boolean one : completed) {
            results.add(one);
        }
        return results;
    }

    private static boolean[] inOneStatement(PreparedStatement statement, List<Completion> rows) throws SQLException {
        Set<List<String>> done = new HashSet<>();
        try (ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                done.add(List.of(row.getString(1), row.getString(2)));
            }
        }
        boolean[] completed = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            completed[i] = done.contains(List.of(rows.get(i).scope, rows.get(i).key));
        }
        return completed;
    }

    /** The single-row completion, batched, in one transaction; null (nothing applied) when a count is not known. */
    private boolean[] inOneTransaction(Connection connection, List<Completion> rows) throws SQLException {
        connection.setAutoCommit(false);
        boolean committed = false;
        try (PreparedStatement update = connection.prepareStatement(sql.complete)) {
            for (Completion completion : rows) {
                bind(update, completion);
                update.addBatch();
            }
            int[] counts = update.executeBatch();
            boolean[] completed = new boolean[rows.size()];
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != 0 && counts[i] != 1) {
                    // A driver that answers "done, count unknown" cannot tell a fenced caller from a completed one.
                    return null;
                }
                completed[i] = counts[i] == 1;
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

    /** The parameters of {@link TableSql#complete}. */
    private static void bind(PreparedStatement update, Completion completion) throws SQLException {
        update.setInt(1, completion.response.status());
        update.setString(2, HeadersJson.write(completion.response.headers()));
        update.setBytes(3, completion.response.body());
        update.setBoolean(4, completion.response.bodyRetained());
        update.setLong(5, completion.ttl.toMillis());
        update.setString(6, completion.scope);
        update.setString(7, completion.key);
        update.setLong(8, completion.token);
    }
}
