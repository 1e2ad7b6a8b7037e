package dev.idempotency.agent.config;

import java.time.Duration;

/** The background work: lease renewal of live requests and purge of expired records. */
public final class KeeperConfig {

    private final Duration renewInterval;
    private final Duration purgeInterval;
    private final int purgeBatchSize;

    KeeperConfig(Duration renewInterval, Duration purgeInterval, int purgeBatchSize) {
        this.renewInterval = renewInterval;
        this.purgeInterval = purgeInterval;
        this.purgeBatchSize = purgeBatchSize;
    }

    /** How often leases of requests still executing in this JVM are renewed. */
    public Duration renewInterval() { return renewInterval; }
    public Duration purgeInterval() { return purgeInterval; }
    /** Upper bound of records deleted in one purge statement. */
    public int purgeBatchSize() { return purgeBatchSize; }
}
