package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.time.Instant;

/**
 * One record as the file keeps it, without its scope and key (those are the map's key). Times
 * are milliseconds of the store's clock; a row is changed only on the writer's thread, and only
 * on a copy of what the map holds.
 */
final class Row {

    /** {@link #completedAt} of a record not completed. */
    static final long NEVER = -1;

    String endpoint;
    String fingerprint;
    RecordState state;
    String owner;
    long fencingToken;
    long leaseUntil;
    int attempts;
    String firstRequestId;
    StoredResponse response;
    long createdAt;
    long completedAt = NEVER;
    long expiresAt;
    /** The slice the row was read from (not stored): where a change of it is written or moved from. */
    Slice slice;

    /** A fresh claim of {@code request} at {@code now}: IN_PROGRESS, first attempt. */
    static Row claimed(ClaimRequest request, long token, long now) {
        Row row = new Row();
        row.replaceBy(request, token, now);
        return row;
    }

    /** A copy to change, so the row read keeps the state and expiry its index entry was written under. */
    Row copy() {
        Row copy = new Row();
        copy.endpoint = endpoint;
        copy.fingerprint = fingerprint;
        copy.state = state;
        copy.owner = owner;
        copy.fencingToken = fencingToken;
        copy.leaseUntil = leaseUntil;
        copy.attempts = attempts;
        copy.firstRequestId = firstRequestId;
        copy.response = response;
        copy.createdAt = createdAt;
        copy.completedAt = completedAt;
        copy.expiresAt = expiresAt;
        return copy;
    }

    /** Makes this row the claim of {@code request}, as a new record would be (the claim of an expired one). */
    void replaceBy(ClaimRequest request, long token, long now) {
        endpoint = request.endpoint();
        fingerprint = request.fingerprint();
        state = RecordState.IN_PROGRESS;
        owner = request.owner();
        fencingToken = token;
        leaseUntil = now + request.lease().toMillis();
        attempts = 1;
        firstRequestId = request.requestId();
        response = null;
        createdAt = now;
        completedAt = NEVER;
        expiresAt = now + request.ttl().toMillis();
    }

    /** The row of a record read elsewhere (the SQL store's file, imported once). */
    static Row of(StoredRecord record) {
        Row row = new Row();
        row.endpoint = record.endpoint();
        row.fingerprint = record.fingerprint();
        row.state = record.state();
        row.owner = record.owner();
        row.fencingToken = record.fencingToken();
        row.leaseUntil = record.leaseUntil().toEpochMilli();
        row.attempts = record.attempts();
        row.firstRequestId = record.firstRequestId();
        row.response = record.response();
        row.createdAt = record.createdAt().toEpochMilli();
        row.completedAt = record.completedAt() == null ? NEVER : record.completedAt().toEpochMilli();
        row.expiresAt = record.expiresAt().toEpochMilli();
        return row;
    }

    boolean expired(long now) {
        return expiresAt <= now;
    }

    boolean leaseExpired(long now) {
        return leaseUntil <= now;
    }

    /** UNKNOWN, or IN_PROGRESS with an expired lease (or a live one when {@code evenIfLeaseLive}). */
    boolean ownerGone(long now, boolean evenIfLeaseLive) {
        return state == RecordState.UNKNOWN
                || (state == RecordState.IN_PROGRESS && (leaseExpired(now) || evenIfLeaseLive));
    }

    void complete(StoredResponse outcome, long ttlMillis, long now) {
        state = RecordState.COMPLETED;
        response = outcome;
        completedAt = now;
        leaseUntil = now;
        expiresAt = now + ttlMillis;
    }

    StoredRecord toRecord(String scope, String key, long now) {
        return new StoredRecord(scope, key, endpoint, fingerprint, state, owner, fencingToken,
                Instant.ofEpochMilli(leaseUntil), leaseExpired(now), attempts, firstRequestId,
                state == RecordState.COMPLETED ? response : null, Instant.ofEpochMilli(createdAt),
                completedAt == NEVER ? null : Instant.ofEpochMilli(completedAt), Instant.ofEpochMilli(expiresAt));
    }
}
