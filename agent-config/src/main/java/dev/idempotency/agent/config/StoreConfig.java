package dev.idempotency.agent.config;

import java.time.Duration;

/** The JDBC store holding the idempotency records. */
public final class StoreConfig {

    private final String url;
    private final String user;
    private final String password;
    private final String table;
    private final int poolSize;
    private final Duration connectTimeout;
    private final Duration statementTimeout;

    StoreConfig(String url, String user, String password, String table, int poolSize,
            Duration connectTimeout, Duration statementTimeout) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.table = table;
        this.poolSize = poolSize;
        this.connectTimeout = connectTimeout;
        this.statementTimeout = statementTimeout;
    }

    public String url() { return url; }
    public String user() { return user; }
    public String password() { return password; }
    /** A plain or schema-qualified SQL identifier, checked so it can be written into SQL. */
    public String table() { return table; }
    public int poolSize() { return poolSize; }
    /** How long a request may wait for a connection. */
    public Duration connectTimeout() { return connectTimeout; }
    public Duration statementTimeout() { return statementTimeout; }

    @Override
    public String toString() {
        // The password stays out of anything that may end up in a log.
        return "StoreConfig{url=" + url + ", user=" + user + ", table=" + table
                + ", poolSize=" + poolSize + "}";
    }
}
