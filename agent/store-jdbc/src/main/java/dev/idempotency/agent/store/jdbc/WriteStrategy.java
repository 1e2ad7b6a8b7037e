package dev.idempotency.agent.store.jdbc;

/**
 * How a store writes: through one {@link GroupCommitWriter}, with concurrent claims and
 * completions sharing statements ({@link GroupedStatement}), or each caller committing on its own
 * pooled connection; and whether a claim first reads to answer replays without a write.
 */
final class WriteStrategy {

    final boolean groupCommit;
    final boolean readFirstReplays;
    /** 0: each caller runs its own statement; else how many grouped statements (claims and completions together) may run at once. */
    final int groupedStatementsInFlight;

    private WriteStrategy(boolean groupCommit, boolean readFirstReplays, int groupedStatementsInFlight) {
        if (groupCommit && groupedStatementsInFlight > 0) {
            throw new IllegalArgumentException("the group-commit writer and grouped statements exclude each other");
        }
        this.groupCommit = groupCommit;
        this.readFirstReplays = readFirstReplays;
        this.groupedStatementsInFlight = groupedStatementsInFlight;
    }

    /**
     * What each database is best served by (see {@link Dialect#groupCommit}, {@link Dialect#groupsStatements}).
     * Grouped statements, claims and completions together, may run as many at once as the pool
     * has connections: callers then wait in a group only where they would otherwise wait for a
     * connection (fewer in flight measured slower at 8 callers, see docs/performance.md).
     */
    static WriteStrategy forDialect(Dialect dialect, int poolSize) {
        return new WriteStrategy(dialect.groupCommit(), true, dialect.groupsStatements() ? poolSize : 0);
    }

    /** For tests and benchmarks comparing the strategies on one database. */
    static WriteStrategy of(boolean groupCommit, boolean readFirstReplays) {
        return new WriteStrategy(groupCommit, readFirstReplays, 0);
    }

    /** Grouped statements, at most {@code inFlight} at once (claims and completions together), replays read first. */
    static WriteStrategy groupedStatements(int inFlight) {
        if (inFlight < 1) {
            throw new IllegalArgumentException("statements in flight must be at least 1, was " + inFlight);
        }
        return new WriteStrategy(false, true, inFlight);
    }

    @Override
    public String toString() {
        String writes = groupCommit ? "group commit"
                : groupedStatementsInFlight > 0 ? "grouped statements (at most " + groupedStatementsInFlight + " in flight)"
                : "a commit per write";
        return writes + (readFirstReplays ? ", replays read first" : ", replays written");
    }
}
