package dev.idempotency.agent.store.jdbc.grouped;

import dev.idempotency.agent.store.grouped.GroupedStatement;
import dev.idempotency.agent.store.grouped.StatementSlots;
import dev.idempotency.agent.store.jdbc.CommitPerWrite;
import dev.idempotency.agent.store.jdbc.CompletionRow;
import dev.idempotency.agent.store.jdbc.NewKeyOutcome;
import dev.idempotency.agent.store.jdbc.RecordTable;

import java.sql.SQLException;
import java.util.List;
import java.util.function.BooleanSupplier;

import dev.idempotency.agent.store.ClaimRequest;

/**
 * PostgreSQL and MariaDB: a new key is claimed before any read, by an insert that writes nothing
 * to a key that has a row, and concurrent callers share these inserts and their completions
 * ({@link GroupedStatement}), as many statements at once as the dialect chooses (two on
 * PostgreSQL, the pool's connections on MariaDB), so callers beyond that share the next
 * statement and its commit; the rarer writes commit alone.
 * Completions are grouped the same way on both (one JDBC batch in one transaction,
 * {@link CompletionRows}), and so are the outcomes gathered behind the responses
 * ({@link #completeAll}, off the slots: one gathering writer at most); how a group of new keys is inserted is the database's
 * ({@code PostgresClaimRows}, {@code MariaDbClaimRows}). A caller its group left out (a key that has a
 * row, a second caller of one key, a MariaDB server without {@code RETURNING}) goes on to the
 * replay read and the full single-row claim, each committing alone; a completion left out runs its
 * single-row statement. A caller returns only after the commit holding its row.
 */
public final class GroupedWrites extends CommitPerWrite {

    /** Rows in one grouped statement: 9 parameters a claim, 8 a completion, far below any driver's limit. */
    static final int MAX_GROUPED_ROWS = 128;

    private final StatementSlots slots;
    private final CompletionRows completionRows;
    public final GroupedStatement<CompletionRow, Boolean> completions;
    private final int inFlight;
    private final BooleanSupplier insertsFirst;
    public final GroupedStatement<NewClaim, NewKeyOutcome> claims;

    /**
     * @param newKeys      the database's insert of a group of new keys: a key not returned has a row
     * @param insertsFirst whether the server can insert first (asked per claim: MariaDB learns it on connecting)
     * @param inFlight     grouped statements, claims and completions together, that may run at once
     */
    public GroupedWrites(RecordTable table, GroupedStatement.Rows<NewClaim, NewKeyOutcome> newKeys,
            BooleanSupplier insertsFirst, int inFlight, long waitMillis) {
        super(table);
        this.inFlight = inFlight;
        this.slots = new StatementSlots(inFlight);
        this.completionRows = new CompletionRows(table, table.dialect, table.sql);
        this.completions = new GroupedStatement<>("complete", table.description, completionRows, MAX_GROUPED_ROWS,
                slots, waitMillis);
        this.insertsFirst = insertsFirst;
        this.claims = new GroupedStatement<>("claim", table.description, newKeys, MAX_GROUPED_ROWS, slots, waitMillis);
    }

    @Override
    public NewKeyOutcome claimNewKey(ClaimRequest request) {
        if (!insertsFirst.getAsBoolean()) {
            return NewKeyOutcome.NOTHING_LEARNED;
        }
        NewKeyOutcome outcome = claims.run(new NewClaim(request, newToken()));
        return outcome == null ? NewKeyOutcome.NOTHING_LEARNED : outcome;
    }

    /** The caller's own single-row completion when its group left it out. */
    @Override
    public boolean complete(CompletionRow completion) {
        Boolean completed = completions.run(completion);
        return completed != null ? completed : super.complete(completion);
    }

    /** The outcomes written behind the responses, gathered: one JDBC batch in one transaction. */
    @Override
    public boolean completesTogether() {
        return true;
    }

    @Override
    public List<Boolean> completeAll(List<CompletionRow> rows) throws SQLException {
        return completionRows.run(rows);
    }

    @Override
    public String toString() {
        return "new keys inserted first, grouped statements (at most " + inFlight + " in flight)";
    }
}
