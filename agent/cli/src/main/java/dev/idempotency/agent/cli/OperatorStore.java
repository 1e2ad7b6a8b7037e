package dev.idempotency.agent.cli;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreProvider;
import dev.idempotency.agent.store.StoreProviders;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The store an operator command works on: found through the same config file as the agent's
 * ({@code --config}, else the system property, else the environment variable), opened with the
 * same settings, closed when the command ends.
 */
final class OperatorStore implements AutoCloseable {


    private final AgentConfig config;
    private final StoreProvider provider;
    private final RecordAccess records;
    private final String description;

    private OperatorStore(AgentConfig config, StoreProvider provider, RecordAccess records, String description) {
        this.config = config;
        this.provider = provider;
        this.records = records;
        this.description = description;
    }

    /**
     * Loads the config and opens its store.
     *
     * @throws UsageException when no config file is named anywhere
     * @throws CommandFailed  when the config is broken or the store cannot be opened
     */
    static OperatorStore open(Arguments arguments, PrintStream err) {
        AgentConfig config = ConfigOption.load(arguments);
        StoreSettings settings = config.store();
        StoreProvider provider = StoreProviders.forUrl(settings.url());
        IdempotencyStore store;
        try {
            store = provider.openExisting(settings);
        } catch (RuntimeException e) {
            if (provider.heldByAnother(e)) {
                return throughService(config, provider, settings, err);
            }
            throw new CommandFailed("cannot open the store (" + settings.describe() + "): " + e.getMessage()
                    + provider.operatorHint(e));
        }
        return new OperatorStore(config, provider, RecordAccess.of(store), settings.describe());
    }

    /**
     * The file store's file is held by a running service: the command works on the records
     * through that service's store, as it would on the file (the service's writer makes the change).
     */
    private static OperatorStore throughService(AgentConfig config, StoreProvider provider, StoreSettings settings,
            PrintStream err) {
        Path file = provider.heldFile(settings.url());
        ServiceRecords service;
        try {
            service = ServiceRecords.reach(file);
        } catch (CommandFailed refused) {
            throw new CommandFailed("cannot open the store (" + settings.describe() + "): " + refused.getMessage());
        }
        err.println("the store file " + file.toAbsolutePath().normalize() + " is held by process " + service.pid()
                + ", the running service: working through its store");
        return new OperatorStore(config, provider, service, settings.describe());
    }

    /** The records, in the store this command opened or through the service that holds the file store. */
    RecordAccess records() {
        return records;
    }

    /** Which store and table, without credentials; every command prints it first. */
    String description() {
        return description;
    }

    /** How long a resolved outcome replays: the TTL of the record's endpoint, or the default TTL. */
    Duration ttlOf(String endpointName) {
        for (EndpointConfig endpoint : config.endpoints()) {
            if (endpoint.name().equals(endpointName)) {
                return endpoint.settings().ttl();
            }
        }
        return config.defaults().ttl();
    }

    /** What the store's kind tells an operator about {@code failure}, on lines of its own; "" when nothing. */
    String hint(Throwable failure) {
        return provider.operatorHint(failure);
    }

    @Override
    public void close() {
        records.close();
    }
}
