package dev.idempotency.agent.store.keeper;

import java.time.Duration;
import java.util.Objects;

/** How often the keeper renews leases and purges, and how much it purges per round. */
public final class KeeperSettings {

    private final Duration lease;
    private final Duration renewInterval;
    private final Duration purgeInterval;
    private final int purgeBatchSize;
    private final int purgeBatchesPerTick;

    public KeeperSettings(Duration lease, Duration renewInterval, Duration purgeInterval, int purgeBatchSize,
            int purgeBatchesPerTick) {
        this.lease = positive(lease, "lease");
        this.renewInterval = positive(renewInterval, "renew interval");
        this.purgeInterval = positive(purgeInterval, "purge interval");
        if (renewInterval.compareTo(lease) >= 0) {
            throw new IllegalArgumentException("renew interval " + renewInterval + " must be shorter than the lease "
                    + lease + ", or live leases expire between renewals");
        }
        if (purgeBatchSize < 1 || purgeBatchesPerTick < 1) {
            throw new IllegalArgumentException("purge batch size and batches per tick must be at least 1");
        }
        this.purgeBatchSize = purgeBatchSize;
        this.purgeBatchesPerTick = purgeBatchesPerTick;
    }

    public Duration lease() { return lease; }
    public Duration renewInterval() { return renewInterval; }
    public Duration purgeInterval() { return purgeInterval; }
    public int purgeBatchSize() { return purgeBatchSize; }
    public int purgeBatchesPerTick() { return purgeBatchesPerTick; }

    private static Duration positive(Duration duration, String what) {
        Objects.requireNonNull(duration, what);
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive, was " + duration);
        }
        return duration;
    }
}
