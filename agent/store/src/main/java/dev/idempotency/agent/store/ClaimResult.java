package dev.idempotency.agent.store;

/** Outcome of {@link IdempotencyStore#claim}: this caller now owns the key, or someone else's record. */
public final class ClaimResult {

    private final boolean claimed;
    private final StoredRecord record;

    private ClaimResult(boolean claimed, StoredRecord record) {
        this.claimed = claimed;
        this.record = record;
    }

    public static ClaimResult claimed(StoredRecord record) {
        return new ClaimResult(true, record);
    }

    public static ClaimResult existing(StoredRecord record) {
        return new ClaimResult(false, record);
    }

    /** True when this caller holds the claim and must execute. */
    public boolean claimed() {
        return claimed;
    }

    /** The record now in the store (this caller's fresh claim, or the existing one). */
    public StoredRecord record() {
        return record;
    }
}
