package dev.idempotency.agent.store.jdbc;

import java.util.Optional;
import java.util.function.BooleanSupplier;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;

/**
 * PostgreSQL and MariaDB: a new key is claimed before any read, by an insert that writes nothing
 * to a key that has a row, and concurrent callers share these inserts and their completions
 * ({@link SharedStatements}); how a group of new keys is inserted is the database's
 * ({@link PostgresClaimRows}, {@link ClaimRows}). A caller its group left out (a key that has a
 * row, a second caller of one key, a MariaDB server without {@code RETURNING}) goes on to the
 * replay read and the full single-row claim, each committing alone; a completion left out runs its
 * single-row statement. A caller returns only after the commit holding its row.
 */
final class GroupedWrites extends SharedStatements {

    private final BooleanSupplier insertsFirst;
    final GroupedStatement<ClaimRows.NewClaim, ClaimResult> claims;

    /**
     * @param newKeys      the database's insert of a group of new keys: a key not returned has a row
     * @param insertsFirst whether the server can insert first (asked per claim: MariaDB learns it on connecting)
     * @param inFlight     grouped statements, claims and completions together, that may run at once
     */
    GroupedWrites(StoreConnections table, GroupedStatement.Rows<ClaimRows.NewClaim, ClaimResult> newKeys,
            BooleanSupplier insertsFirst, int inFlight, long waitMillis) {
        super(table, inFlight, waitMillis);
        this.insertsFirst = insertsFirst;
        this.claims = new GroupedStatement<>("claim", table.description, newKeys, MAX_GROUPED_ROWS, slots, waitMillis);
    }

    @Override
    Optional<ClaimResult> claimNewKey(ClaimRequest request) {
        return insertsFirst.getAsBoolean() ? Optional.ofNullable(claims.run(new ClaimRows.NewClaim(request, newToken())))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return "new keys inserted first, grouped statements (at most " + inFlight + " in flight)";
    }
}
