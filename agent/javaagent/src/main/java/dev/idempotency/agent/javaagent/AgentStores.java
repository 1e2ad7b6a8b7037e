package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.jdbc.JdbcStores;
import dev.idempotency.agent.store.mvstore.FileStores;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The store a URL names: {@code mvstore:<path>} the embedded file store on H2's MVStore, any
 * {@code jdbc:} URL the JDBC store of its database. Each kind's classes load only when its URL is
 * used: the file store's start loads no SQL engine, driver or pool.
 */
public final class AgentStores {

    private AgentStores() {
    }

    /**
     * Fails now, without touching a file or loading a driver, for a URL no store supports.
     *
     * @return the store's short name: "mvstore", "h2", "postgresql" or "mariadb"
     */
    public static String checkUrl(String url) {
        return FileStores.handles(url) ? FileStores.checkUrl(url) : JdbcStores.checkUrl(url);
    }

    /** Opens the store the settings' URL names. */
    public static IdempotencyStore open(StoreSettings settings) {
        return FileStores.handles(settings.url()) ? FileStores.open(settings) : JdbcStores.open(settings);
    }
}
