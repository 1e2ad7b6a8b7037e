package dev.idempotency.agent.store.jdbc;

import java.util.Optional;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;

/**
 * MariaDB: concurrent claims of new keys and completions share statements
 * ({@link GroupedStatement}), as many at once as the pool has connections, so callers group only
 * where they would otherwise wait for a connection; the rarer writes commit alone. A new key is
 * claimed by an insert before any read ({@link ClaimRows}); a caller its group left out (a key that
 * has a row, a second caller of one key, a server without {@code RETURNING}) goes on to the replay
 * read and the full single-row claim, and a completion left out runs its single-row statement.
 */
final class GroupedWrites extends CommitPerWrite {

    /** Rows in one grouped statement: 9 parameters a claim, 8 a completion, far below any driver's limit. */
    static final int MAX_GROUPED_ROWS = 128;

    private final MariaDbDialect dialect;
    final GroupedStatement<ClaimRows.NewClaim, ClaimResult> claims;
    final GroupedStatement<CompletionRows.Completion, Boolean> completions;
    private final int inFlight;

    /** @param inFlight grouped statements, claims and completions together, that may run at once */
    GroupedWrites(StoreConnections table, MariaDbDialect dialect, int inFlight, long waitMillis) {
        super(table);
        this.dialect = dialect;
        this.inFlight = inFlight;
        StatementSlots slots = new StatementSlots(inFlight);
        this.claims = new GroupedStatement<>("claim", table.description,
                new ClaimRows(table::open, dialect, table.sql), MAX_GROUPED_ROWS, slots, waitMillis);
        this.completions = new GroupedStatement<>("complete", table.description,
                new CompletionRows(table::open, dialect, table.sql), MAX_GROUPED_ROWS, slots, waitMillis);
    }

    @Override
    Optional<ClaimResult> claimNewKey(ClaimRequest request) {
        return dialect.insertsFirst() ? Optional.ofNullable(claims.run(new ClaimRows.NewClaim(request, newToken())))
                : Optional.empty();
    }

    @Override
    boolean complete(CompletionRows.Completion completion) {
        Boolean completed = completions.run(completion);
        return completed != null ? completed : super.complete(completion);
    }

    @Override
    public String toString() {
        return "grouped statements (at most " + inFlight + " in flight)";
    }
}
