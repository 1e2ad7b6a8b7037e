package dev.idempotency.agent.javaagent.cli;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.javaagent.AgentStores;
import dev.idempotency.agent.store.mvstore.FileStores;
import dev.idempotency.agent.vocabulary.StoreSettings;
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
    private final IdempotencyStore store;
    private final String description;

    private OperatorStore(AgentConfig config, IdempotencyStore store, String description) {
        this.config = config;
        this.store = store;
        this.description = description;
    }

    /**
     * Loads the config and opens its store.
     *
     * @throws UsageException when no config file is named anywhere
     * @throws CommandFailed  when the config is broken or the store cannot be opened
     */
    static OperatorStore open(Arguments arguments) {
        AgentConfig config = ConfigOption.load(arguments);
        StoreSettings settings = forOperator(config.store());
        try {
            requireFileStoreFile(settings.url());
            return new OperatorStore(config, AgentStores.open(settings), settings.describe());
        } catch (RuntimeException e) {
            throw new CommandFailed("cannot open the store (" + settings.describe() + "): " + e.getMessage()
                    + OperatorCommand.hint(OperatorCommand.rootCause(e)));
        }
    }

    /**
     * A tool must never create an empty H2 store: run from the wrong directory it would report
     * "no record" for keys that exist in the service's store.
     */
    private static StoreSettings forOperator(StoreSettings settings) {
        String url = settings.url();
        if (url.startsWith("jdbc:h2:file:") && !url.toUpperCase(Locale.ROOT).contains(";IFEXISTS=")) {
            return settings.withUrl(url + ";IFEXISTS=TRUE");
        }
        return settings;
    }

    /** The file store's counterpart of H2's {@code IFEXISTS}: a tool opens a file store only where one is. */
    private static void requireFileStoreFile(String url) {
        if (FileStores.handles(url)) {
            Path file = FileStores.storeFile(url);
            if (!Files.exists(file)) {
                throw new IllegalStateException("store file not found: " + file.toAbsolutePath());
            }
        }
    }

    IdempotencyStore store() {
        return store;
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

    @Override
    public void close() {
        store.close();
    }
}
