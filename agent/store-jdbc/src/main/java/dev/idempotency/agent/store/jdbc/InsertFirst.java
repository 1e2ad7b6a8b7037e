package dev.idempotency.agent.store.jdbc;

import java.util.Optional;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredRecord;

/**
 * A commit per write, and a new key is claimed before any read by an insert that neither writes
 * nor locks when the key has a row (PostgreSQL's {@code ON CONFLICT DO NOTHING RETURNING}): one
 * statement, one commit for the common case; only a key that has a row goes on to the replay
 * read and the full claim.
 */
final class InsertFirst extends CommitPerWrite {

    private final String claimIfAbsent;

    /** @param claimIfAbsent the insert, returning the new record (as {@link TableSql#selectList}) or no row */
    InsertFirst(StoreConnections table, String claimIfAbsent) {
        super(table);
        this.claimIfAbsent = claimIfAbsent;
    }

    @Override
    Optional<ClaimResult> claimNewKey(ClaimRequest request) {
        StoredRecord fresh = write("claim",
                connection -> table.dialect.runClaim(connection, claimIfAbsent, request, newToken()));
        return fresh == null ? Optional.empty() : Optional.of(ClaimResult.claimed(fresh));
    }

    @Override
    public String toString() {
        return "a commit per write, new keys inserted first";
    }
}
