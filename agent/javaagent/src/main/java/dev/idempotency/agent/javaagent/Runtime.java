package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.KeeperConfig;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.decision.IdempotencyGate;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.jdbc.JdbcStores;
import dev.idempotency.agent.store.keeper.KeeperSettings;
import dev.idempotency.agent.store.keeper.StoreKeeper;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

/** The running agent: the store, the gate the adapters call through the bridge, and the keeper. */
final class Runtime {

    private final String storeKind;
    private final IdempotencyStore store;
    private final IdempotencyGate gate;
    private final StoreKeeper keeper;

    private Runtime(String storeKind, IdempotencyStore store, IdempotencyGate gate, StoreKeeper keeper) {
        this.storeKind = storeKind;
        this.store = store;
        this.gate = gate;
        this.keeper = keeper;
    }

    /** Builds everything and installs the gate on the bridge; from then on declared endpoints are protected. */
    static Runtime start(AgentConfig config, AttemptListener attempts) {
        List<EndpointPolicy> policies = EndpointPolicies.from(config);
        IdempotencyStore store = JdbcStores.open(ConfiguredStoreSettings.from(config.store()));
        IdempotencyGate gate = new IdempotencyGate(new RouteTable(policies), store, ownerId(), attempts,
                TimeSource.system());
        StoreKeeper keeper = StoreKeeper.start(store, () -> gate.leases().liveLeases(),
                keeperSettings(config.keeper(), longestLease(policies)));
        Bridge.install(gate);
        return new Runtime(storeKind(config.store().url()), store, gate, keeper);
    }

    String storeKind() {
        return storeKind;
    }

    /** Claims this JVM is executing now. */
    int executionsInProgress() {
        return gate.leases().size();
    }

    /** Renewals extend every live claim by the longest lease declared, so no endpoint's claim runs short. */
    private static KeeperSettings keeperSettings(KeeperConfig keeper, Duration lease) {
        return new KeeperSettings(lease, keeper.renewInterval(), keeper.purgeInterval(), keeper.purgeBatchSize(), 20);
    }

    private static Duration longestLease(List<EndpointPolicy> policies) {
        Duration longest = Duration.ZERO;
        for (EndpointPolicy policy : policies) {
            if (policy.lease().compareTo(longest) > 0) {
                longest = policy.lease();
            }
        }
        return longest;
    }

    /** Who holds a claim: enough to tell instances apart in the store and in an operator's listing. */
    private static String ownerId() {
        String host = System.getenv("HOSTNAME");
        return (host == null || host.isEmpty() ? "" : host + "/") + ProcessHandle.current().pid() + "/"
                + UUID.randomUUID().toString().substring(0, 8);
    }

    static String storeKind(String url) {
        if (url.startsWith("jdbc:h2:")) {
            return "h2";
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return "postgresql";
        }
        if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            return "mariadb";
        }
        int colon = url.indexOf(':', "jdbc:".length());
        return colon > 0 ? url.substring("jdbc:".length(), colon) : url;
    }
}
