package dev.idempotency.agent.store.jdbc;

/**
 * Every write, replay counts included, goes through one {@link GroupCommitWriter}, which commits
 * concurrent callers' writes together: the embedded database, which serialises commits anyway.
 */
final class GroupCommit extends WriteStrategy {

    final GroupCommitWriter writer;

    GroupCommit(StoreConnections table, long waitMillis) {
        super(table);
        this.writer = new GroupCommitWriter(table::open, table.description, GroupCommitWriter.DEFAULT_MAX_BATCH,
                waitMillis);
    }

    @Override
    <T> T write(String operation, StoreConnections.SqlWork<T> work) {
        return writer.write(operation, work::apply);
    }

    @Override
    void flushLater(AttemptTally tally) {
        tally.flushWith(() -> {
            AttemptTally.Flush flush = tally.flush();
            return writer.writeLater("count replays", flush::write, flush::end);
        });
    }

    @Override
    public void close() {
        writer.close();
    }

    @Override
    public String toString() {
        return "group commit";
    }
}
