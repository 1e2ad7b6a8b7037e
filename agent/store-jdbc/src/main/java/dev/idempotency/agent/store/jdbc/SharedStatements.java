package dev.idempotency.agent.store.jdbc;

/**
 * Concurrent callers sharing statements ({@link GroupedStatement}), as many at once as the pool has
 * connections, so callers group only where they would otherwise wait for a connection; the rarer
 * writes commit alone. Completions are grouped the same way on every server database (one JDBC
 * batch in one transaction, {@link CompletionRows}); how claims are grouped is the database's.
 */
abstract class SharedStatements extends CommitPerWrite {

    /** Rows in one grouped statement: 9 parameters a claim, 8 a completion, far below any driver's limit. */
    static final int MAX_GROUPED_ROWS = 128;

    final StatementSlots slots;
    final GroupedStatement<CompletionRows.Completion, Boolean> completions;
    final int inFlight;

    /** @param inFlight grouped statements, claims and completions together, that may run at once */
    SharedStatements(StoreConnections table, int inFlight, long waitMillis) {
        super(table);
        this.inFlight = inFlight;
        this.slots = new StatementSlots(inFlight);
        this.completions = new GroupedStatement<>("complete", table.description,
                new CompletionRows(table, table.dialect, table.sql), MAX_GROUPED_ROWS, slots, waitMillis);
    }

    /** The caller's own single-row completion when its group left it out. */
    @Override
    boolean complete(CompletionRows.Completion completion) {
        Boolean completed = completions.run(completion);
        return completed != null ? completed : super.complete(completion);
    }
}
