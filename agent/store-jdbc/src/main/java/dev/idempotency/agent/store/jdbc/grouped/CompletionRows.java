package dev.idempotency.agent.store.jdbc.grouped;

import dev.idempotency.agent.store.jdbc.CompletionRow;
import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Completions of several records at once, each fenced by its own token, each caller told whether
 * its own row was completed. MariaDB's {@code UPDATE} returns no rows and a multi-table update
 * reports only a total, so the single-row completions go as one JDBC batch in one transaction,
 * and the per-row update counts tell each caller.
 */
final class CompletionRows extends DistinctKeyRows<CompletionRow, Boolean> {

    CompletionRows(ConnectionSource connections, Dialect dialect, TableSql sql) {
        super(connections, dialect, sql);
    }

    @Override
    public String scope(CompletionRow completion) {
        return completion.scope;
    }

    @Override
    public String key(CompletionRow completion) {
        return completion.key;
    }

    @Override
    public Boolean runAlone(Connection connection, CompletionRow completion) throws SQLException {
        return completion.run(connection, sql.complete);
    }

    /** The single-row completion, batched, in one transaction; null (nothing applied) when a count is not known. */
    @Override
    public List<Boolean> runDistinct(Connection connection, List<CompletionRow> rows) throws SQLException {
        connection.setAutoCommit(false);
        boolean committed = false;
        try (PreparedStatement update = connection.prepareStatement(sql.complete)) {
            for (CompletionRow completion : rows) {
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
