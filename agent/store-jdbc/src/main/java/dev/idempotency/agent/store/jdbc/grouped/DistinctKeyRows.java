package dev.idempotency.agent.store.jdbc.grouped;

import dev.idempotency.agent.store.grouped.GroupedStatement;
import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.Dialect;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.util.Arrays;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of a grouped statement on one record table: the first row of each key goes into the
 * statement, sorted by scope and key. One row per key, because one statement cannot give two
 * callers of one key each its own answer (the others get {@code null} and take their single-row
 * path after it, unless the first caller's output is a read they may share:
 * {@link #forAnotherCallerOfTheKey}). Sorted, because two statements in flight then lock the keys
 * they share in the same order. A statement the database rolled back as a deadlock victim also answers
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

    /**
     * What a second caller of a key gets from its first caller's output: null by default (it
     * takes its single-row path), the same output where that output is a read both may use.
     */
    public O forAnotherCallerOfTheKey(O first) {
        return null;
    }

    /** The statement on a connection in auto-commit. */
    public List<O> run(Connection connection, List<I> inputs) throws SQLException {
        List<O> outputs = new ArrayList<>(Collections.nCopies(inputs.size(), null));
        Map<List<String>, Integer> firstOfEachKey = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            firstOfEachKey.putIfAbsent(keyOf(inputs.get(i)), i);
        }
        List<Integer> chosen = new ArrayList<>(firstOfEachKey.values());
        chosen.sort(Comparator.<Integer, String>comparing(i -> scope(inputs.get(i))).thenComparing(i -> key(inputs.get(i))));
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
        if (distinct == null) {
            return outputs;
        }
        for (int i = 0; i < chosen.size(); i++) {
            outputs.set(chosen.get(i), distinct.get(i));
        }
        for (int i = 0; i < inputs.size(); i++) {
            int first = firstOfEachKey.get(keyOf(inputs.get(i)));
            if (first != i && outputs.get(first) != null) {
                outputs.set(i, forAnotherCallerOfTheKey(outputs.get(first)));
            }
        }
        return outputs;
    }

    /** The row's key as the statements' outputs are matched to their callers by. */
    protected final List<String> keyOf(I input) {
        return keyOf(scope(input), key(input));
    }

    protected static List<String> keyOf(String scope, String key) {
        return Collections.unmodifiableList(Arrays.asList(scope, key));
    }
}
