package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.AgentConfig;

/** The running agent: store, gate and keeper built from the config. */
final class Runtime {

    private final String storeKind;

    private Runtime(String storeKind) {
        this.storeKind = storeKind;
    }

    static Runtime create(AgentConfig config) {
        return new Runtime(storeKind(config.store().url()));
    }

    String storeKind() {
        return storeKind;
    }

    private static String storeKind(String url) {
        if (url.startsWith("jdbc:h2:")) {
            return "h2";
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return "postgresql";
        }
        if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            return "mariadb";
        }
        return url.substring(0, url.indexOf(':', 5));
    }
}
