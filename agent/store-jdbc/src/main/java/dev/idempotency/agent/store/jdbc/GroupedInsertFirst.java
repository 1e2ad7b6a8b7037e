package dev.idempotency.agent.store.jdbc;

import java.util.Optional;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;

/**
 * PostgreSQL: a new key is claimed before any read by an insert that neither writes nor locks when
 * the key has a row ({@code ON CONFLICT DO NOTHING RETURNING}), and concurrent callers share these
 * inserts ({@link PostgresClaimRows}) and their completions ({@link SharedStatements}). Only a key
 * that has a row goes on to the replay read and the full claim, each committing alone. A caller
 * returns only after the commit holding its row.
 */
final class GroupedInsertFirst extends SharedStatements {

    final GroupedStatement<ClaimRows.NewClaim, ClaimResult> claims;

    /** @param claimIfAbsent the single-row insert, returning the new record (as {@link TableSql#selectList}) or no row */
    GroupedInsertFirst(StoreConnections table, String claimIfAbsent, int inFlight, long waitMillis) {
        super(table, inFlight, waitMillis);
        this.claims = new GroupedStatement<>("claim", table.description,
                new PostgresClaimRows(table::open, table.dialect, table.sql, claimIfAbsent), MAX_GROUPED_ROWS, slots,
                waitMillis);
    }

    /** Empty for a key that has a row, and for a second caller of one key in a group: both go on to the replay read. */
    @Override
    Optional<ClaimResult> claimNewKey(ClaimRequest request) {
        return Optional.ofNullable(claims.run(new ClaimRows.NewClaim(request, newToken())));
    }

    @Override
    public String toString() {
        return "new keys inserted first, grouped statements (at most " + inFlight + " in flight)";
    }
}
