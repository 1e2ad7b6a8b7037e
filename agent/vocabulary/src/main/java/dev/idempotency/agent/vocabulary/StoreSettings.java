package dev.idempotency.agent.vocabulary;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where the store lives (a JDBC URL, or {@value #FILE_STORE_PREFIX} and a path for the embedded
 * file store without SQL) and how long it may take to answer: the config's {@code store}
 * section, as the store takes it. Immutable; {@code with*} methods return a changed copy. The
 * defaults give the embedded file store a single instance needs.
 */
public final class StoreSettings {

    /** URLs of the embedded file store on H2's MVStore alone: {@code mvstore:<path>}, no JDBC. */
    public static final String FILE_STORE_PREFIX = "mvstore:";
    /**
     * The embedded file store in the working directory. It imports, once, the records of the SQL
     * store's file an earlier default left at the same path ({@code jdbc:h2:file:}, the same path).
     */
    public static final String DEFAULT_URL = FILE_STORE_PREFIX + "./idempotency-store/agent";
    public static final String DEFAULT_TABLE = "idempotency_record";

    public static final int MAX_POOL_SIZE = 1024;
    public static final int MAX_WAIT_REPLICAS = 16;

    /**
     * The table name is spliced into SQL, so it must be a plain identifier, optionally after a schema
     * ({@code app.idempotency_record}); the meta table appends "_meta".
     */
    private static final Pattern TABLE_NAME = Pattern.compile("([A-Za-z_][A-Za-z0-9_]{0,47}\\.)?[A-Za-z_][A-Za-z0-9_]{0,47}");

    private final String url;
    private final String user;
    private final String password;
    private final String table;
    private final int poolSize;
    private final Duration connectTimeout;
    private final Duration statementTimeout;
    private final int waitReplicas;

    private StoreSettings(String url, String user, String password, String table, int poolSize,
            Duration connectTimeout, Duration statementTimeout, int waitReplicas) {
        this.url = Objects.requireNonNull(url, "url");
        this.user = user;
        this.password = password;
        this.table = requireTableName(table);
        if (poolSize < 1 || poolSize > MAX_POOL_SIZE) {
            throw new IllegalArgumentException("pool size must be 1 to " + MAX_POOL_SIZE + ", was " + poolSize);
        }
        this.poolSize = poolSize;
        this.connectTimeout = requirePositive(connectTimeout, "connect timeout");
        this.statementTimeout = requirePositive(statementTimeout, "statement timeout");
        if (waitReplicas < 0 || waitReplicas > MAX_WAIT_REPLICAS) {
            throw new IllegalArgumentException("replicas to wait for must be 0 to " + MAX_WAIT_REPLICAS + ", was " + waitReplicas);
        }
        this.waitReplicas = waitReplicas;
    }

    /**
     * The embedded file store in the working directory, 2 s to connect, 2 s per statement; for a
     * JDBC URL set later, user {@code sa} (H2's), a pool of 8.
     */
    public static StoreSettings defaults() {
        return new StoreSettings(DEFAULT_URL, "sa", "", DEFAULT_TABLE, 8, Duration.ofSeconds(2), Duration.ofSeconds(2), 0);
    }

    public static StoreSettings forUrl(String url) {
        return defaults().withUrl(url);
    }

    public StoreSettings withUrl(String url) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withCredentials(String user, String password) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withTable(String table) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withPoolSize(int poolSize) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withConnectTimeout(Duration connectTimeout) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withStatementTimeout(Duration statementTimeout) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public StoreSettings withWaitReplicas(int waitReplicas) {
        return new StoreSettings(url, user, password, table, poolSize, connectTimeout, statementTimeout, waitReplicas);
    }

    public String url() { return url; }
    public String user() { return user; }
    /** Never in {@link #toString()} or {@link #describe()}: those may reach a log. */
    public String password() { return password; }
    public String table() { return table; }
    public int poolSize() { return poolSize; }
    public Duration connectTimeout() { return connectTimeout; }
    public Duration statementTimeout() { return statementTimeout; }
    /**
     * How many replicas must acknowledge each write before it counts (a store that replicates
     * asynchronously, Redis: {@code store.redis.wait-replicas}); 0 waits for none.
     */
    public int waitReplicas() { return waitReplicas; }

    /** The URL without anything after '?' or ';' (where drivers take passwords), for messages. */
    public String describe() {
        int cut = url.length();
        for (char separator : new char[] {'?', ';'}) {
            int at = url.indexOf(separator);
            if (at >= 0 && at < cut) {
                cut = at;
            }
        }
        return "table " + table + " at " + url.substring(0, cut);
    }

    /** Why {@code table} cannot be the store's table, in words; {@code null} when it can. */
    public static String tableProblem(String table) {
        if (TABLE_NAME.matcher(table).matches()) {
            return null;
        }
        return "is not a table name; use up to 48 letters, digits and _ (not starting with a digit), optionally "
                + "after a schema written the same way, like app.idempotency_record";
    }

    private static String requireTableName(String table) {
        Objects.requireNonNull(table, "table");
        String problem = tableProblem(table);
        if (problem != null) {
            throw new IllegalArgumentException("store table '" + table + "' " + problem);
        }
        return table;
    }

    private static Duration requirePositive(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, was " + duration);
        }
        return duration;
    }

    @Override
    public String toString() {
        return "StoreSettings{" + describe() + ", user=" + user + ", pool=" + poolSize + ", connect-timeout="
                + connectTimeout + ", statement-timeout=" + statementTimeout
                + (waitReplicas > 0 ? ", wait-replicas=" + waitReplicas : "") + "}";
    }
}
