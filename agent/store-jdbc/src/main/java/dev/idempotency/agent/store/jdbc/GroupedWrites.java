package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;

/**
 * MariaDB: concurrent claims and completions share statements ({@link SharedStatements}). A caller
 * its group left out (a second caller of one key, a server without {@code RETURNING}) runs the
 * single-row statement after it.
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
    ClaimResult claim(ClaimRequest request) {
        if (dialect.claimsRowsTogether()) {
            ClaimResult together = claims.run(new ClaimRows.NewClaim(request, newToken()));
            if (together != null) {
                return together;
            }
        }
        return super.claim(request);
    }

    @Override
    public String toString() {
        return "grouped statements (at most " + inFlight + " in flight)";
    }
}
