package dev.idempotency.agent.store.jdbc.grouped;

import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.util.Arrays;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rows of a grouped statement on one record table: the first row of each key goes into the
 * statement, sorted by scope and key. One row per key, because one statement cannot give two
 * callers of one key each its own answer (the others get {@code null} and take their single-row
 * path after it). Sorted, because two statements in flight then lock the keys they share in the
 * same order. A statement the database rolled back as a deadlock victim also answers
 * {@code null} to everyone: nothing of it was applied, so each caller may run alone. A group of
 * one row (a lone caller) runs the single-row statement, which costs the least.
 */
public abstract class DistinctKeyRows<I, O> implements GroupedStatement.Rows<I, O> {

    private final ConnectionSource connections;
    public final Dialect dialect;
    public final TableSql sql;

    public DistinctKeyRows(ConnectionSource connections, Dialect dialect, TableSql sql) {
        this.connections = connections;
        this.dialect = dialect;
        this.sql = sql;
    }

    public abstract String scope(I row);

    public abstract String key(I row);

    /** One output per row (rows of distinct keys, in key order), or null to leave every row to its caller. */
    public abstract List<O> runDistinct(Connection connection, List<I> rows) throws SQLException;

    /** The single-row statement for one row, with the output {@link #runDistinct} would give it. */
    public abstract O runAlone(Connection connection, I row) throws SQLException;

    @Override
    public List<O> run(List<I> inputs) throws SQLException {
        try (Connection connection = connections.open()) {
            try {
                return run(connection, inputs);
            } catch (SQLException e) {
                connections.failed(connection, e);
                throw e;
            }
        }
    }

    /** The statement on a connection in auto-commit. */
    public List<O> run(Connection connection, List<I> inputs) throws SQLException {
        List<O> outputs = new ArrayList<>(Collections.nCopies(inputs.size(), null));
        List<Integer> chosen = firstOfEachKey(inputs);
        List<I> rows = new ArrayList<>(chosen.size());
        for (int index : chosen) {
            rows.add(inputs.get(index));
        }
        List<O> distinct;
        try {
            distinct = rows.size() == 1 ? Collections.singletonList(runAlone(connection, rows.get(0)))
                    : runDistinct(connection, rows);
        } catch (SQLException e) {
            if (dialect.isRetryable(e)) {
                return outputs;
            }
            throw e;
        }
        if (distinct != null) {
            for (int i = 0; i < chosen.size(); i++) {
                outputs.set(chosen.get(i), distinct.get(i));
            }
        }
        return outputs;
    }

    private List<Integer> firstOfEachKey(List<I> inputs) {
        Set<List<String>> seen = new HashSet<>();
        List<Integer> chosen = new ArrayList<>(inputs.size());
        for (int i = 0; i < inputs.size(); i++) {
            if (seen.add(Collections.unmodifiableList(Arrays.asList(scope(inputs.get(i)), key(inputs.get(i)))))) {
                chosen.add(i);
            }
        }
        chosen.sort(Comparator.<Integer, String>comparing(i -> scope(inputs.get(i))).thenComparing(i -> key(inputs.get(i))));
        return chosen;
    }
}
