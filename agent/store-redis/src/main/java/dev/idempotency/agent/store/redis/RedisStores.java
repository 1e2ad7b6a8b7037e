package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * Opens the Redis store a {@code redis://host:port[/db]} or {@code rediss://} (TLS) URL names, with
 * the user and password of {@code store.user} and {@code store.password} (never in the URL, which
 * reaches logs), a pool of {@code store.pool-size} connections, the store's timeouts, and
 * {@code store.redis.wait-replicas}.
 */
public final class RedisStores {

    /** The store's kind, as the start-up line and {@code status} name it. */
    public static final String KIND = "redis";

    private RedisStores() {
    }

    /**
     * Fails now for a URL this store cannot use, without connecting.
     *
     * @return {@link #KIND}
     */
    public static String checkUrl(String url) {
        parse(url);
        return KIND;
    }

    /**
     * Connects and reads the server's durability settings; a server that cannot be reached yet is
     * no failure here: operations fail with {@code StoreUnavailableException} until it answers.
     */
    public static IdempotencyStore open(StoreSettings settings) {
        URI url = parse(settings.url());
        int connectMillis = (int) settings.connectTimeout().toMillis();
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .ssl(url.getScheme().equals("rediss"))
                .database(database(url))
                .connectionTimeoutMillis(connectMillis)
                .socketTimeoutMillis((int) settings.statementTimeout().toMillis())
                .clientName("idempotency-agent");
        if (!settings.password().isEmpty()) {
            // an ACL user (Redis 6 on) only with a password; store.user's default, H2's sa, means Redis's default user
            if (!settings.user().isEmpty() && !settings.user().equals(StoreSettings.defaults().user())) {
                client.user(settings.user());
            }
            client.password(settings.password());
        }
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(settings.poolSize());
        pool.setMaxIdle(settings.poolSize());
        pool.setMaxWait(settings.connectTimeout());
        pool.setTestWhileIdle(false);
        JedisPooled redis = new JedisPooled(pool, new HostAndPort(url.getHost(), url.getPort() < 0 ? 6379 : url.getPort()),
                client.build());
        List<String> warnings = Durability.of(redis, settings.describe(), settings.waitReplicas());
        // half the statement timeout, so that a WAIT that runs out is answered before the socket gives up
        long waitMillis = Math.max(1, settings.statementTimeout().toMillis() / 2);
        // a caller queued for a pipeline waits as long as it would for a connection and a reply
        long queueMillis = settings.connectTimeout().plus(settings.statementTimeout()).toMillis();
        return new RedisRecordStore(redis, settings.table(), settings.waitReplicas(), waitMillis, settings.poolSize(),
                queueMillis, warnings);
    }

    private static URI parse(String url) {
        URI parsed;
        try {
            parsed = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("store URL '" + url + "' is not a URL (" + e.getReason()
                    + "); use redis://host:6379/0 or rediss://host:6380/0");
        }
        if (parsed.getHost() == null) {
            throw new IllegalArgumentException("store URL '" + url + "' names no host; use redis://host:6379/0");
        }
        if (parsed.getRawUserInfo() != null) {
            throw new IllegalArgumentException("store URL '" + url.replace(parsed.getRawUserInfo() + "@", "")
                    + "' carries credentials, which would reach logs; put them in store.user and store.password "
                    + "(which may be ${env:NAME})");
        }
        if (parsed.getRawQuery() != null) {
            throw new IllegalArgumentException("store URL '" + url + "' has options this store does not take; "
                    + "use redis://host:6379/0");
        }
        database(parsed);
        return parsed;
    }

    /** The database number the path names ({@code /0} when none). */
    private static int database(URI url) {
        String path = url.getPath();
        if (path == null || path.isEmpty() || path.equals("/")) {
            return 0;
        }
        try {
            int database = Integer.parseInt(path.substring(1));
            if (database >= 0) {
                return database;
            }
        } catch (NumberFormatException notANumber) {
            // said below
        }
        throw new IllegalArgumentException("store URL '" + url + "' names database '" + path.substring(1)
                + "'; use a number, like redis://host:6379/0");
    }
}
