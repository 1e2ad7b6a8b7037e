package dev.idempotency.agent.store.testing;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A test double that honours the store SPI exactly: every method atomic (synchronized), attempts
 * counted on every claim, records past {@code expires_at} treated as absent, leases judged by the
 * store's clock (given, so a test can move it), every change fenced by token. Not for production: the real
 * stores are JDBC.
 */
public final class InMemoryTestStore implements IdempotencyStore {

    private final Supplier<Instant> clock;
    private final Map<List<String>, Row> rows = new HashMap<>();
    private long nextToken = 1;

    public InMemoryTestStore(Supplier<Instant> clock) {
        this.clock = clock;
    }

    @Override
    public synchronized ClaimResult claim(ClaimRequest request) {
        Instant now = clock.get();
        Row row = live(request.scope(), request.key(), now);
        if (row != null) {
            row.attempts++;
            return ClaimResult.existing(row.snapshot(now));
        }
        row = new Row();
        row.scope = request.scope();
        row.key = request.key();
        row.endpoint = request.endpoint();
        row.fingerprint = request.fingerprint();
        row.state = RecordState.IN_PROGRESS;
        row.owner = request.owner();
        row.token = nextToken++;
        row.leaseUntil = now.plus(request.lease());
        row.attempts = 1;
        row.firstRequestId = request.requestId();
        row.createdAt = now;
        row.expiresAt = now.plus(request.ttl());
        rows.put(List.of(row.scope, row.key), row);
        return ClaimResult.claimed(row.snapshot(now));
    }

    @Override
    public synchronized Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        Instant now = clock.get();
        Row row = live(request.scope(), request.key(), now);
        if (row == null || row.token != expectedToken || row.state == RecordState.COMPLETED
                || row.leaseUntil.isAfter(now)) {
            return Optional.empty();
        }
        row.token = nextToken++;
        row.owner = request.owner();
        row.state = RecordState.IN_PROGRESS;
        row.leaseUntil = now.plus(request.lease());
        row.firstRequestId = request.requestId();
        return Optional.of(row.snapshot(now));
    }

    @Override
    public synchronized boolean markUnknown(String scope, String key, long expectedToken) {
        Instant now = clock.get();
        Row row = live(scope, key, now);
        if (row == null || row.token != expectedToken || row.state != RecordState.IN_PROGRESS
                || row.leaseUntil.isAfter(now)) {
            return false;
        }
        row.state = RecordState.UNKNOWN;
        return true;
    }

    @Override
    public synchronized boolean giveUp(String scope, String key, long fencingToken) {
        Row row = live(scope, key, clock.get());
        if (row == null || row.token != fencingToken || row.state != RecordState.IN_PROGRESS) {
            return false;
        }
        row.state = RecordState.UNKNOWN;
        return true;
    }

    @Override
    public synchronized boolean complete(String scope, String key, long fencingToken, StoredResponse response,
            Duration ttl) {
        Instant now = clock.get();
        Row row = live(scope, key, now);
        if (row == null || row.token != fencingToken || row.state != RecordState.IN_PROGRESS) {
            return false;
        }
        row.state = RecordState.COMPLETED;
        row.response = response;
        row.completedAt = now;
        row.expiresAt = now.plus(ttl);
        return true;
    }

    @Override
    public synchronized boolean release(String scope, String key, long fencingToken) {
        Row row = live(scope, key, clock.get());
        if (row == null || row.token != fencingToken || row.state != RecordState.IN_PROGRESS) {
            return false;
        }
        rows.remove(List.of(scope, key));
        return true;
    }

    @Override
    public synchronized int countStale() {
        Instant now = clock.get();
        int stale = 0;
        for (Row row : rows.values()) {
            if (row.expiresAt.isAfter(now) && row.state == RecordState.IN_PROGRESS && !row.leaseUntil.isAfter(now)) {
                stale++;
            }
        }
        return stale;
    }

    @Override
    public synchronized boolean withdrawUnstarted(ClaimRequest claim) {
        Row row = live(claim.scope(), claim.key(), clock.get());
        if (row == null || row.state == RecordState.COMPLETED || !claim.owner().equals(row.owner)
                || !java.util.Objects.equals(claim.requestId(), row.firstRequestId)) {
            return false;
        }
        rows.remove(List.of(claim.scope(), claim.key()));
        return true;
    }

    @Override
    public synchronized boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
            Duration ttl, boolean evenIfLeaseLive) {
        Instant now = clock.get();
        Row row = live(scope, key, now);
        if (!ownerGone(row, expectedToken, now, evenIfLeaseLive)) {
            return false;
        }
        row.state = RecordState.COMPLETED;
        row.response = response;
        row.completedAt = now;
        row.leaseUntil = now;
        row.expiresAt = now.plus(ttl);
        return true;
    }

    @Override
    public synchronized boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        Instant now = clock.get();
        if (!ownerGone(live(scope, key, now), expectedToken, now, evenIfLeaseLive)) {
            return false;
        }
        rows.remove(List.of(scope, key));
        return true;
    }

    @Override
    public synchronized int countExpired() {
        Instant now = clock.get();
        return (int) rows.values().stream().filter(row -> !row.expiresAt.isAfter(now)).count();
    }

    @Override
    public synchronized StoreFootprint footprint() {
        return new StoreFootprint(rows.size(), -1);
    }

    @Override
    public synchronized int count(RecordState state) {
        Instant now = clock.get();
        return (int) rows.values().stream().filter(row -> row.expiresAt.isAfter(now) && row.state == state).count();
    }

    @Override
    public synchronized int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        Instant now = clock.get();
        int renewed = 0;
        for (LeaseRef ref : leases) {
            Row row = live(ref.scope(), ref.key(), now);
            if (row != null && row.token == ref.fencingToken() && row.state == RecordState.IN_PROGRESS) {
                row.leaseUntil = now.plus(lease);
                renewed++;
            }
        }
        return renewed;
    }

    @Override
    public synchronized int purgeExpired(int batchSize) {
        Instant now = clock.get();
        int purged = 0;
        for (Iterator<Row> it = rows.values().iterator(); it.hasNext() && purged < batchSize;) {
            if (!it.next().expiresAt.isAfter(now)) {
                it.remove();
                purged++;
            }
        }
        return purged;
    }

    @Override
    public synchronized Optional<StoredRecord> find(String scope, String key) {
        Row row = rows.get(List.of(scope, key));
        return row == null ? Optional.empty() : Optional.of(row.snapshot(clock.get()));
    }

    @Override
    public synchronized List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        Instant now = clock.get();
        Instant cutoff = now.minus(olderThan);
        List<StoredRecord> found = new ArrayList<>();
        rows.values().stream()
                .filter(row -> row.state == state && !row.createdAt.isAfter(cutoff))
                .sorted(Comparator.comparing(row -> row.createdAt))
                .limit(limit)
                .forEach(row -> found.add(row.snapshot(now)));
        return found;
    }

    @Override
    public void close() {
    }

    /** An operator may settle the row: its token still matches and nobody (or only a forced owner) holds it. */
    private static boolean ownerGone(Row row, long expectedToken, Instant now, boolean evenIfLeaseLive) {
        return row != null && row.token == expectedToken && (row.state == RecordState.UNKNOWN
                || row.state == RecordState.IN_PROGRESS && (evenIfLeaseLive || !row.leaseUntil.isAfter(now)));
    }

    /** The row for the key unless it is past its expiry, which the SPI treats as absent. */
    private Row live(String scope, String key, Instant now) {
        Row row = rows.get(List.of(scope, key));
        if (row != null && !row.expiresAt.isAfter(now)) {
            rows.remove(List.of(scope, key));
            return null;
        }
        return row;
    }

    /** One mutable row; read out as an immutable {@link StoredRecord}. */
    private static final class Row {
        String scope;
        String key;
        String endpoint;
        String fingerprint;
        RecordState state;
        String owner;
        long token;
        Instant leaseUntil;
        int attempts;
        String firstRequestId;
        StoredResponse response;
        Instant createdAt;
        Instant completedAt;
        Instant expiresAt;

        StoredRecord snapshot(Instant now) {
            return new StoredRecord(scope, key, endpoint, fingerprint, state, owner, token, leaseUntil,
                    !leaseUntil.isAfter(now), attempts, firstRequestId, response, createdAt, completedAt, expiresAt);
        }
    }
}
