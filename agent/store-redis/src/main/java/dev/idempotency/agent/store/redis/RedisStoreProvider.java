package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreProvider;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.util.Collections;
import java.util.List;

/** The Redis store, {@code redis://} and {@code rediss://} (TLS): shared by every instance that names the server. */
public final class RedisStoreProvider implements StoreProvider {

    /** Looks at the text only: a JVM on another store never loads the Redis client. */
    @Override
    public boolean handles(String url) {
        return url.startsWith("redis://") || url.startsWith("rediss://");
    }

    @Override
    public List<String> urlForms() {
        return Collections.singletonList("redis://host:6379/0");
    }

    @Override
    public String checkUrl(String url) {
        return RedisStores.checkUrl(url);
    }

    @Override
    public IdempotencyStore open(StoreSettings settings) {
        return RedisStores.open(settings);
    }

    /** Opening creates nothing in Redis: a command on an empty database finds no record, as it should. */
    @Override
    public IdempotencyStore openExisting(StoreSettings settings) {
        return RedisStores.open(settings);
    }
}
