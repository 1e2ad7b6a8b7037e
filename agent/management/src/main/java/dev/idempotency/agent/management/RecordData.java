package dev.idempotency.agent.management;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import java.time.Instant;
import java.util.Date;
import java.beans.ConstructorProperties;

/**
 * A stored record as it crosses JMX between the operator's commands and a running service's
 * agent ({@link FileStoreAccessMXBean}): the MXBean framework maps its getters to a
 * {@code CompositeData} of JDK open types (the state by its name, times as dates: the file store
 * keeps milliseconds) and builds it again on the other side through the annotated constructor.
 */
public final class RecordData {

    private final StoredRecord record;

    @ConstructorProperties({"scope", "key", "endpoint", "fingerprint", "state", "owner", "fencingToken", "leaseUntil",
            "leaseExpired", "attempts", "firstRequestId", "response", "createdAt", "completedAt", "expiresAt"})
    public RecordData(String scope, String key, String endpoint, String fingerprint, RecordState state, String owner,
            long fencingToken, Date leaseUntil, boolean leaseExpired, int attempts, String firstRequestId,
            ResponseData response, Date createdAt, Date completedAt, Date expiresAt) {
        this(new StoredRecord(scope, key, endpoint, fingerprint, state, owner, fencingToken, instant(leaseUntil),
                leaseExpired, attempts, firstRequestId, response == null ? null : response.stored(),
                instant(createdAt), instant(completedAt), instant(expiresAt)));
    }

    private RecordData(StoredRecord record) {
        this.record = record;
    }

    /** {@code record} as it crosses. */
    public static RecordData of(StoredRecord record) {
        return new RecordData(record);
    }

    /** The stored record. */
    public StoredRecord stored() {
        return record;
    }

    public String getScope() {
        return record.scope();
    }

    public String getKey() {
        return record.key();
    }

    public String getEndpoint() {
        return record.endpoint();
    }

    public String getFingerprint() {
        return record.fingerprint();
    }

    public RecordState getState() {
        return record.state();
    }

    public String getOwner() {
        return record.owner();
    }

    public long getFencingToken() {
        return record.fencingToken();
    }

    public Date getLeaseUntil() {
        return date(record.leaseUntil());
    }

    public boolean isLeaseExpired() {
        return record.leaseExpired();
    }

    public int getAttempts() {
        return record.attempts();
    }

    public String getFirstRequestId() {
        return record.firstRequestId();
    }

    public ResponseData getResponse() {
        return ResponseData.of(record.response());
    }

    public Date getCreatedAt() {
        return date(record.createdAt());
    }

    public Date getCompletedAt() {
        return date(record.completedAt());
    }

    public Date getExpiresAt() {
        return date(record.expiresAt());
    }

    private static Date date(Instant instant) {
        return instant == null ? null : Date.from(instant);
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
