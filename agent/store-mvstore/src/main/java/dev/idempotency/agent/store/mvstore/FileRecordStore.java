package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.attempts.AttemptTally;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.h2.mvstore.MVStore;

/**
 * The embedded store on one MVStore file. Every change runs on the {@link SingleWriter}'s thread,
 * which applies a batch and commits it before answering: a claim is decided by the one writer,
 * and a change has reached the file when its call returns. Reads (a record, counts, lists) read
 * the maps' latest committed-or-applied state from the caller's thread. Time is this JVM's clock:
 * the file belongs to one process.
 */
final class FileRecordStore implements IdempotencyStore {

    /** Expired records purged per write: a claim queued behind a purge waits for one such write. */
    static final int PURGE_PER_WRITE = 25;

    private final OpenFile file;
    private final SingleWriter writer;
    private final AttemptTally unwrittenAttempts = new AttemptTally();

    FileRecordStore(OpenFile file, long waitMillis) {
        this(file, new SingleWriter(file, waitMillis));
    }

    FileRecordStore(OpenFile file, SingleWriter writer) {
        this.file = file;
        this.writer = writer;
        unwrittenAttempts.flushWith(this::flushAttemptsLater);
    }

    SingleWriter writer() {
        return writer;
    }

    OpenFile file() {
        return file;
    }

    /**
     * A live COMPLETED record is answered from a read; its attempt is counted in memory and written
     * by a later flush with other replays' counts (as the SQL stores do: a replay needs no write of
     * its own), and numbered with the counts not yet written ({@link AttemptTally}). Anything else
     * is decided by the writer.
     */
    @Override
    public ClaimResult claim(ClaimRequest request) {
        String recordKey = RecordKeys.record(request.scope(), request.key());
        long moment = unwrittenAttempts.moment(0);
        Row seen = readOrNull(recordKey);
        long now = System.currentTimeMillis();
        if (seen != null && seen.state == RecordState.COMPLETED && !seen.expired(now)) {
            long token = seen.fencingToken;
            seen.attempts = unwrittenAttempts.countReplay(request.scope(), request.key(), token, seen.attempts, moment,
                    () -> {
                        Row stored = readOrNull(recordKey);
                        return stored != null && stored.fencingToken == token ? stored.attempts : -1;
                    });
            return ClaimResult.existing(seen.toRecord(request.scope(), request.key(), now));
        }
        return writer.write("claim", (records, at) -> claimOn(records, recordKey, request, at));
    }

    /** Queues a flush of the replays' counts; false once the writer takes no more changes. */
    private boolean flushAttemptsLater() {
        AttemptTally.Flush flush = unwrittenAttempts.flush();
        try {
            writer.writeLater("count replays", (records, now) -> writeAttempts(records, flush), flush::lost);
            return true;
        } catch (RuntimeException closed) {
            return false;
        }
    }

    /**
     * On the writer's thread: adds the counts the flush takes to their records. Readers see them
     * in the maps once applied, so the flush ends for them here; a commit of the batch that then
     * fails gives the counts back ({@link AttemptTally.Flush#lost}).
     */
    private static Integer writeAttempts(RecordFile records, AttemptTally.Flush flush) {
        boolean written = false;
        try {
            int counted = flush.write((scope, key, fencingToken, attempts) ->
                    addAttempts(records, RecordKeys.record(scope, key), fencingToken, attempts));
            written = true;
            return counted;
        } finally {
            flush.end(written);
        }
    }

    private static ClaimResult claimOn(RecordFile records, String recordKey, ClaimRequest request, long now) {
        Row before = records.read(recordKey);
        Row row;
        boolean claimed;
        if (before == null) {
            row = Row.claimed(request, newToken(), now);
            claimed = true;
        } else if (before.expired(now)) {
            row = before.copy();
            row.replaceBy(request, before.fencingToken + 1, now);
            claimed = true;
        } else {
            row = before.copy();
            row.attempts++;
            claimed = false;
        }
        records.write(recordKey, before, row);
        StoredRecord record = row.toRecord(request.scope(), request.key(), now);
        return claimed ? ClaimResult.claimed(record) : ClaimResult.existing(record);
    }

    private static void addAttempts(RecordFile records, String recordKey, long token, int attempts) {
        Row before = records.read(recordKey);
        if (before != null && before.fencingToken == token) {
            Row row = before.copy();
            row.attempts += attempts;
            records.write(recordKey, before, row);
        }
    }

    @Override
    public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        String recordKey = RecordKeys.record(request.scope(), request.key());
        return writer.write("takeOver", (records, now) -> {
            Row before = records.read(recordKey);
            if (!owns(before, expectedToken) || !before.ownerGone(now, false)) {
                return Optional.empty();
            }
            Row row = before.copy();
            row.state = RecordState.IN_PROGRESS;
            row.owner = request.owner();
            row.fencingToken = before.fencingToken + 1;
            row.leaseUntil = now + request.lease().toMillis();
            row.firstRequestId = request.requestId();
            row.expiresAt = now + request.ttl().toMillis();
            records.write(recordKey, before, row);
            return Optional.of(row.toRecord(request.scope(), request.key(), now));
        });
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return changeState("markUnknown", scope, key, expectedToken,
                (row, now) -> row.state == RecordState.IN_PROGRESS && row.leaseExpired(now));
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return changeState("giveUp", scope, key, fencingToken, (row, now) -> row.state == RecordState.IN_PROGRESS);
    }

    private boolean changeState(String operation, String scope, String key, long token, RowCondition condition) {
        String recordKey = RecordKeys.record(scope, key);
        return writer.write(operation, (records, now) -> {
            Row before = records.read(recordKey);
            if (!owns(before, token) || !condition.holds(before, now)) {
                return false;
            }
            Row row = before.copy();
            row.state = RecordState.UNKNOWN;
            records.write(recordKey, before, row);
            return true;
        });
    }

    /** The real outcome also settles a record another instance marked UNKNOWN while its owner lived. */
    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        return completeIf("complete", true, scope, key, fencingToken, response, ttl,
                (row, now) -> row.state != RecordState.COMPLETED);
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response,
            Duration ttl, boolean evenIfLeaseLive) {
        return completeIf("resolveComplete", false, scope, key, expectedToken, response, ttl,
                (row, now) -> row.ownerGone(now, evenIfLeaseLive));
    }

    /** @param behindTheClient an outcome the agent writes after its client was answered; an operator awaits a resolution */
    private boolean completeIf(String operation, boolean behindTheClient, String scope, String key, long token,
            StoredResponse response, Duration ttl, RowCondition condition) {
        String recordKey = RecordKeys.record(scope, key);
        long ttlMillis = ttl.toMillis();
        SingleWriter.Change<Boolean> change = (records, now) -> {
            Row before = records.read(recordKey);
            if (!owns(before, token) || !condition.holds(before, now)) {
                return false;
            }
            Row row = before.copy();
            row.complete(response, ttlMillis, now);
            records.write(recordKey, before, row);
            return true;
        };
        return behindTheClient ? writer.writeBehind(operation, change) : writer.write(operation, change);
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return deleteIf("release", true, scope, key, fencingToken, (row, now) -> row.state != RecordState.COMPLETED);
    }

    @Override
    public boolean withdrawUnstarted(ClaimRequest claim) {
        String recordKey = RecordKeys.record(claim.scope(), claim.key());
        return writer.write("withdrawUnstarted", (records, now) -> {
            Row before = records.read(recordKey);
            if (before == null || before.state == RecordState.COMPLETED || !claim.owner().equals(before.owner)
                    || !Objects.equals(claim.requestId(), before.firstRequestId)) {
                return false;
            }
            records.delete(recordKey, before);
            return true;
        });
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        return deleteIf("resolveRelease", false, scope, key, expectedToken, (row, now) -> row.ownerGone(now, evenIfLeaseLive));
    }

    private boolean deleteIf(String operation, boolean behindTheClient, String scope, String key, long token,
            RowCondition condition) {
        String recordKey = RecordKeys.record(scope, key);
        SingleWriter.Change<Boolean> change = (records, now) -> {
            Row before = records.read(recordKey);
            if (!owns(before, token) || !condition.holds(before, now)) {
                return false;
            }
            records.delete(recordKey, before);
            return true;
        };
        return behindTheClient ? writer.writeBehind(operation, change) : writer.write(operation, change);
    }

    /** A handler that outlives the ttl keeps its record from being replaced or purged. */
    @Override
    public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        if (leases.isEmpty()) {
            return 0;
        }
        List<LeaseRef> renewing = new ArrayList<>(leases);
        long leaseMillis = lease.toMillis();
        return writer.write("renewLeases", (records, now) -> {
            int renewed = 0;
            for (LeaseRef ref : renewing) {
                String recordKey = RecordKeys.record(ref.scope(), ref.key());
                Row before = records.read(recordKey);
                if (owns(before, ref.fencingToken()) && before.state == RecordState.IN_PROGRESS) {
                    Row row = before.copy();
                    row.leaseUntil = now + leaseMillis;
                    row.expiresAt = Math.max(before.expiresAt, row.leaseUntil);
                    records.write(recordKey, before, row);
                    renewed++;
                }
            }
            return renewed;
        });
    }

    @Override
    public int purgeExpired(int batchSize) {
        int purged = 0;
        while (purged < batchSize) {
            int limit = Math.min(PURGE_PER_WRITE, batchSize - purged);
            int deleted = writer.write("purgeExpired", (records, now) -> ExpiryIndex.purge(records, limit, now));
            purged += deleted;
            if (deleted < limit) {
                break;
            }
        }
        return purged;
    }

    @Override
    public int countExpired() {
        return read(records -> ExpiryIndex.countExpired(records, System.currentTimeMillis()));
    }

    @Override
    public int count(RecordState state) {
        return read(records -> ExpiryIndex.countLive(records, state, System.currentTimeMillis()));
    }

    @Override
    public int countStale() {
        return read(records -> ExpiryIndex.countStale(records, System.currentTimeMillis()));
    }

    @Override
    public StoreFootprint footprint() {
        return read(opened -> {
            long records = ExpiryIndex.size(opened);
            long bytes;
            try {
                bytes = Files.size(file.path());
            } catch (IOException e) {
                bytes = -1;
            }
            return new StoreFootprint(records, bytes);
        });
    }

    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return read(records -> {
            Row row = records.read(RecordKeys.record(scope, key));
            return Optional.ofNullable(row == null ? null : row.toRecord(scope, key, System.currentTimeMillis()));
        });
    }

    @Override
    public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        return read(records -> {
            long now = System.currentTimeMillis();
            return ExpiryIndex.list(records, state, now - olderThan.toMillis(), limit, now);
        });
    }

    @Override
    public void close() {
        if (!unwrittenAttempts.isEmpty()) {
            // Counts a failed commit gave back, which no later replay has had flushed.
            flushAttemptsLater();
        }
        writer.close();
        file.close();
    }

    private Row readOrNull(String recordKey) {
        try {
            return read(records -> records.read(recordKey));
        } catch (RuntimeException unreadable) {
            // The writer's claim tells (it opens the file again, or fails as unavailable).
            return null;
        }
    }

    /**
     * A read on the caller's thread, of the maps as they are now; MVStore's failures (a file
     * closed after a failed write) as unavailability. The read registers the version it reads,
     * so MVStore does not overwrite the chunks of that version while it runs (the writer may
     * free them meanwhile).
     */
    private <T> T read(Function<RecordFile, T> reading) {
        try {
            RecordFile records = file.forReading();
            MVStore.TxCounter version = records.mvStore().registerVersionUsage();
            try {
                return reading.apply(records);
            } finally {
                records.mvStore().deregisterVersionUsage(version);
            }
        } catch (StoreUnavailableException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new StoreUnavailableException("the store file could not be read: " + e, e);
        }
    }

    private static boolean owns(Row row, long token) {
        return row != null && row.fencingToken == token;
    }

    /**
     * A fresh record's first token. Random rather than 1, so a stale owner from before a release
     * or purge can never match the token of a later claim of the same key; takeovers add one.
     */
    private static long newToken() {
        return ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE / 2);
    }

    private interface RowCondition {
        boolean holds(Row row, long now);
    }
}
