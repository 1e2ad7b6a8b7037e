package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.UnifiedJedis;

/**
 * The records in Redis: each a hash under {@code {table}:r:<scope length>:<scope><key>}, with
 * sorted sets beside it by expiry (every record) and by creation for the unfinished states
 * (IN_PROGRESS, UNKNOWN), all under the one hash tag {@code {table}}. Every operation is one script ({@link RecordScripts}),
 * judged by the server's clock. A record stays past its expiry until the keeper purges it, as in
 * the SQL stores; Redis drops it by itself a grace later ({@link #EXPIRY_GRACE}) if no keeper does.
 */
final class RedisRecordStore implements IdempotencyStore {

    /** How long Redis keeps a record past its expiry before dropping it by itself. */
    static final Duration EXPIRY_GRACE = Duration.ofHours(1);
    /** Tokens stay below 2^52: Lua's numbers are doubles, exact to 2^53. */
    private static final long TOKEN_BOUND = 1L << 52;
    private static final byte[] GRACE = text(EXPIRY_GRACE.toMillis());

    private final UnifiedJedis redis;
    private final String prefix;
    private final byte[] prefixBytes;
    private final List<String> warnings;

    RedisRecordStore(UnifiedJedis redis, String table, List<String> warnings) {
        this.redis = redis;
        this.prefix = "{" + table + "}";
        this.prefixBytes = bytes(prefix);
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
    }

    @Override
    public ClaimResult claim(ClaimRequest request) {
        List<?> reply = (List<?>) RecordScripts.CLAIM.run(redis, "claim", prefixBytes,
                recordKey(request.scope(), request.key()), bytes(request.scope()), bytes(request.key()),
                bytes(request.endpoint()), bytes(request.fingerprint()), bytes(request.owner()),
                nullable(request.requestId()), text(request.lease().toMillis()), text(request.ttl().toMillis()),
                text(ThreadLocalRandom.current().nextLong(1, TOKEN_BOUND)), GRACE);
        if (((Long) reply.get(0)) == 1L) {
            return ClaimResult.claimed(claimed(request, number(reply.get(1)), number(reply.get(2))));
        }
        return ClaimResult.existing(RecordReply.decode((List<?>) reply.get(1)));
    }

    /** The record a claim wrote, from the request and the token and server time the script returned. */
    private static StoredRecord claimed(ClaimRequest request, long token, long now) {
        Instant created = Instant.ofEpochMilli(now);
        return new StoredRecord(request.scope(), request.key(), request.endpoint(), request.fingerprint(),
                RecordState.IN_PROGRESS, request.owner(), token, created.plus(request.lease()), false, 1,
                request.requestId() == null || request.requestId().isEmpty() ? null : request.requestId(), null, created,
                null, created.plus(request.ttl()));
    }

    @Override
    public Optional<StoredRecord> takeOver(ClaimRequest request, long expectedToken) {
        Object reply = RecordScripts.TAKE_OVER.run(redis, "takeOver", prefixBytes,
                recordKey(request.scope(), request.key()), text(expectedToken), bytes(request.owner()),
                nullable(request.requestId()), text(request.lease().toMillis()));
        return reply == null ? Optional.empty() : Optional.of(RecordReply.decode((List<?>) reply));
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return yes(RecordScripts.MARK_UNKNOWN.run(redis, "markUnknown", prefixBytes, recordKey(scope, key),
                text(expectedToken), bytes("1")));
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return yes(RecordScripts.MARK_UNKNOWN.run(redis, "giveUp", prefixBytes, recordKey(scope, key),
                text(fencingToken), bytes("0")));
    }

    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        return yes(RecordScripts.COMPLETE.run(redis, "complete", prefixBytes, recordKey(scope, key), text(fencingToken),
                text(response.status()), HeaderCodec.encode(response.headers()), response.body(),
                bytes(response.bodyRetained() ? "1" : "0"), text(ttl.toMillis()), GRACE));
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return yes(RecordScripts.RELEASE.run(redis, "release", prefixBytes, recordKey(scope, key), text(fencingToken)));
    }

    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        Object reply = RecordScripts.FIND.run(redis, "find", prefixBytes, recordKey(scope, key));
        return reply == null ? Optional.empty() : Optional.of(RecordReply.decode((List<?>) reply));
    }

    @Override
    public int renewLeases(Collection<LeaseRef> leases, Duration lease) {
        if (leases.isEmpty()) {
            return 0;
        }
        List<byte[]> keys = new ArrayList<>(leases.size());
        List<byte[]> args = new ArrayList<>(leases.size() + 1);
        args.add(text(lease.toMillis()));
        for (LeaseRef ref : leases) {
            keys.add(recordKey(ref.scope(), ref.key()));
            args.add(text(ref.fencingToken()));
        }
        return count(RecordScripts.RENEW.run(redis, "renewLeases", prefixBytes, keys, args));
    }

    @Override
    public boolean withdrawUnstarted(ClaimRequest claim) {
        return yes(RecordScripts.WITHDRAW.run(redis, "withdrawUnstarted", prefixBytes,
                recordKey(claim.scope(), claim.key()), bytes(claim.owner()), nullable(claim.requestId())));
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response, Duration ttl,
            boolean evenIfLeaseLive) {
        return yes(RecordScripts.RESOLVE_COMPLETE.run(redis, "resolveComplete", prefixBytes, recordKey(scope, key),
                text(expectedToken), text(response.status()), HeaderCodec.encode(response.headers()), response.body(),
                bytes(response.bodyRetained() ? "1" : "0"), text(ttl.toMillis()), GRACE,
                bytes(evenIfLeaseLive ? "1" : "0")));
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        return yes(RecordScripts.RESOLVE_RELEASE.run(redis, "resolveRelease", prefixBytes, recordKey(scope, key),
                text(expectedToken), bytes(evenIfLeaseLive ? "1" : "0")));
    }

    @Override
    public int purgeExpired(int batchSize) {
        return count(RecordScripts.PURGE.run(redis, "purgeExpired", prefixBytes, Collections.emptyList(),
                Collections.singletonList(text(batchSize))));
    }

    @Override
    public int countExpired() {
        return counted("expired");
    }

    @Override
    public int count(RecordState state) {
        return counted(state.name());
    }

    @Override
    public int countStale() {
        return counted("stale");
    }

    /** The records, expired or not, until purged; the bytes they take are Redis's to say ({@code MEMORY USAGE}), not counted here. */
    @Override
    public StoreFootprint footprint() {
        return new StoreFootprint(counted("records"), -1);
    }

    @Override
    public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        List<?> reply = (List<?>) RecordScripts.LIST.run(redis, "list", prefixBytes, Collections.emptyList(),
                Arrays.asList(bytes(state.name()), text(olderThan.toMillis()), text(limit)));
        List<StoredRecord> records = new ArrayList<>(reply.size());
        for (Object record : reply) {
            records.add(RecordReply.decode((List<?>) record));
        }
        return records;
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    @Override
    public void close() {
        redis.close();
    }

    @Override
    public String toString() {
        return "Redis store, records under " + prefix;
    }

    private int counted(String what) {
        return count(RecordScripts.COUNTS.run(redis, "count " + what, prefixBytes, Collections.emptyList(),
                Collections.singletonList(bytes(what))));
    }

    /** Length-prefixed scope, so no scope and key pair can be spelled as another. */
    private byte[] recordKey(String scope, String key) {
        return bytes(prefix + ":r:" + scope.length() + ":" + scope + key);
    }

    private static boolean yes(Object reply) {
        return ((Long) reply) == 1L;
    }

    private static long number(Object reply) {
        return Long.parseLong(new String((byte[]) reply, StandardCharsets.UTF_8));
    }

    private static int count(Object reply) {
        return ((Long) reply).intValue();
    }

    static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] nullable(String text) {
        return text == null ? new byte[0] : bytes(text);
    }

    private static byte[] text(long number) {
        return bytes(Long.toString(number));
    }

}
