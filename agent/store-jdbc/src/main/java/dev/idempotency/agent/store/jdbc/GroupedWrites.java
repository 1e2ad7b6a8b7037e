package dev.idempotency.agent.store.jdbc;

import java.util.Optional;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;

/**
 * MariaDB: concurrent claims of new keys and completions share statements ({@link SharedStatements}).
 * A new key is claimed by an insert before any read ({@link ClaimRows}); a caller its group left out
 * (a key that has a row, a second caller of one key, a server without {@code RETURNING}) goes on to
 * the replay read and the full single-row claim, and a completion left out runs its single-row
 * statement.
 */
final class GroupedWrites extends SharedStatements {

    private final MariaDbDialect dialect;
    final GroupedStatement<ClaimRows.NewClaim, ClaimResult> claims;

    /** @param inFlight grouped statements, claims and completions together, that may run at once */
    GroupedWrites(StoreConnections table, MariaDbDialect dialect, int inFlight, long waitMillis) {
        super(table, inFlight, waitMillis);
        this.dialect = dialect;
        this.claims = new GroupedStatement<>("claim", table.description,
                new ClaimRows(table::open, dialect, table.sql), MAX_GROUPED_ROWS, slots, waitMillis);
    }

    @Override
    Optional<ClaimResult> claimNewKey(ClaimRequest request) {
        return dialect.insertsFirst() ? Optional.ofNullable(claims.run(new ClaimRows.NewClaim(request, newToken())))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return "new keys inserted first, grouped statements (at most " + inFlight + " in flight)";
    }
}
