package dev.idempotency.agent.store.jdbc;

/**
 * How a store writes: through one {@link GroupCommitWriter} or each caller committing on its own
 * pooled connection, and whether a claim first reads to answer replays without a write.
 */
final class WriteStrategy {

    final boolean groupCommit;
    final boolean readFirstReplays;

    private WriteStrategy(boolean groupCommit, boolean readFirstReplays) {
        this.groupCommit = groupCommit;
        this.readFirstReplays = readFirstReplays;
    }

    /** What each database is best served by: group commit where the dialect asks for it, replays read first. */
    static WriteStrategy forDialect(Dialect dialect) {
        return new WriteStrategy(dialect.groupCommit(), true);
    }

    /** For tests and benchmarks comparing the strategies on one database. */
    static WriteStrategy of(boolean groupCommit, boolean readFirstReplays) {
        return new WriteStrategy(groupCommit, readFirstReplays);
    }

    @Override
    public String toString() {
        return (groupCommit ? "group commit" : "a commit per write")
                + (readFirstReplays ? ", replays read first" : ", replays written");
    }
}
