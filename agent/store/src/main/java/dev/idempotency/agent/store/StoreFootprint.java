package dev.idempotency.agent.store;

/** How big a store is: its records, expired ones included, and the bytes it takes on disk. */
public final class StoreFootprint {

    private final long records;
    private final long bytesOnDisk;

    /** @param bytesOnDisk -1 when the store cannot tell (a store in memory, a database that does not say) */
    public StoreFootprint(long records, long bytesOnDisk) {
        this.records = records;
        this.bytesOnDisk = bytesOnDisk;
    }

    public long records() {
        return records;
    }

    /** Table and indexes on a server database, the whole file of an embedded one; -1 when unknown. */
    public long bytesOnDisk() {
        return bytesOnDisk;
    }

    public boolean bytesKnown() {
        return bytesOnDisk >= 0;
    }
}
