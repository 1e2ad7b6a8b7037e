package dev.idempotency.it.ops;

import java.io.IOException;

/**
 * A table of its own in a shared database, reached by the agent through a {@link TcpRelay} the
 * test can cut, freeze or make lose answers, with store timeouts of 1 s to connect and 2 s a
 * statement. Closing it closes the relay and drops the table.
 */
final class RelayedStore implements AutoCloseable {

    private final StoreDatabases database;
    private final String table = StoreDatabases.uniqueTable();
    private final TcpRelay relay;

    private RelayedStore(StoreDatabases database) throws IOException {
        this.database = database;
        database.requireReachable();
        this.relay = new TcpRelay(database.port());
    }

    /** Skips (or with CI=true fails) when {@code database} does not answer. */
    static RelayedStore of(StoreDatabases database) throws IOException {
        return new RelayedStore(database);
    }

    TcpRelay relay() {
        return relay;
    }

    String table() {
        return table;
    }

    /** The ops config on this store, through the relay; more settings may be added. */
    OpsConfig config() {
        return new OpsConfig().store(database.url(relay.port()), database.user(), table).timeouts("1s", "2s");
    }

    @Override
    public void close() throws IOException {
        relay.close();
        database.dropTables(table);
    }
}
