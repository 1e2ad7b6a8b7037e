package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.StoreConfig;
import dev.idempotency.agent.store.jdbc.StoreSettings;

/** The store section of the config as the JDBC store takes it; the agent and the operator tools share it. */
public final class ConfiguredStoreSettings {

    private ConfiguredStoreSettings() {
    }

    public static StoreSettings from(StoreConfig store) {
        return StoreSettings.forUrl(store.url())
                .withCredentials(store.user(), store.password())
                .withTable(store.table())
                .withPoolSize(store.poolSize())
                .withConnectTimeout(store.connectTimeout())
                .withStatementTimeout(store.statementTimeout());
    }
}
