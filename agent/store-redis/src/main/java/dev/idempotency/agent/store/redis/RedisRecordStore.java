package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.grouped.GroupedStatement;
import dev.idempotency.agent.store.grouped.StatementSlots;
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
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The records in Redis: each a hash under {@code {table}:r:<scope length>:<scope><key>}, with
 * sorted sets beside it by expiry (every record) and by creation for the unfinished states
 * (IN_PROGRESS, UNKNOWN), all under the one hash tag {@code {table}}. Every operation is one
 * script ({@link RecordScripts}), judged by the server's clock; the claims and completions of
 * concurrent callers share round trips ({@link GroupedStatement}: one pipeline of their scripts), and
 * the outcomes written behind the responses are gathered into one pipeline ({@link #completeAll}).
 * A record stays past its expiry until the keeper purges it, as in
 * the SQL stores; Redis drops it by itself a grace later ({@link #EXPIRY_GRACE}) if no keeper does.
 */
final class RedisRecordStore implements IdempotencyStore {

    /** How long Redis keeps a record past its expiry before dropping it by itself. */
    static final Duration EXPIRY_GRACE = Duration.ofHours(1);
    /** Tokens stay below 2^52: Lua's numbers are doubles, exact to 2^53. */
    private static final long TOKEN_BOUND = 1L << 52;
    private static final byte[] GRACE = text(EXPIRY_GRACE.toMillis());
    private static final Logger LOG = LoggerFactory.getLogger(RedisRecordStore.class);
    /** Calls in one pipeline at most: a round trip's worth, not a stall for the callers behind it. */
    static final int MAX_GROUPED = 128;
    private static final Predicate<Object> WROTE = reply -> reply != null && !Long.valueOf(0).equals(reply);

    private final JedisPooled redis;
    private final String prefix;
    private final byte[] prefixBytes;
    private final List<String> warnings;
    /** store.redis.wait-replicas, and how long each write waits for them. */
    private final int waitReplicas;
    private final long waitMillis;
    /**
     * Claims, and completions, of concurrent callers, each kind run as one pipeline of scripts in
     * one round trip, as many pipelines at once as the pool has connections.
     */
    final GroupedStatement<byte[][], RecordScripts.Written> claims;
    final GroupedStatement<byte[][], RecordScripts.Written> completions;

    /**
     * @param connections the pool's connections: below that many writes at once each runs alone;
     *        beyond it, callers that would wait for a connection share a pipeline
     * @param queueMillis how long a caller waits for a pipeline to take its call before it fails
     */
    RedisRecordStore(JedisPooled redis, String table, int waitReplicas, long waitMillis, int connections,
            long queueMillis, List<String> warnings) {
        this.redis = redis;
        this.prefix = "{" + table + "}";
        this.prefixBytes = bytes(prefix);
        StatementSlots slots = new StatementSlots(connections);
        this.claims = new GroupedStatement<>("claim", toString(), calls -> RecordScripts.CLAIM.runAll(redis,
                prefixBytes, calls, waitReplicas, waitMillis), MAX_GROUPED, slots, queueMillis);
        this.completions = new GroupedStatement<>("complete", toString(), calls -> RecordScripts.COMPLETE.runAll(redis,
                prefixBytes, calls, waitReplicas, waitMillis), MAX_GROUPED, slots, queueMillis);
        this.waitReplicas = waitReplicas;
        this.waitMillis = waitMillis;
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
    }

    @Override
    public ClaimResult claim(ClaimRequest request) {
        List<?> reply = (List<?>) grouped(claims, "claim", RedisRecordStore::claimedNow,
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
        Object reply = write(RecordScripts.TAKE_OVER, "takeOver", WROTE,
                recordKey(request.scope(), request.key()), text(expectedToken), bytes(request.owner()),
                nullable(request.requestId()), text(request.lease().toMillis()));
        return reply == null ? Optional.empty() : Optional.of(RecordReply.decode((List<?>) reply));
    }

    @Override
    public boolean markUnknown(String scope, String key, long expectedToken) {
        return yes(write(RecordScripts.MARK_UNKNOWN, "markUnknown", null, recordKey(scope, key),
                text(expectedToken), bytes("1")));
    }

    @Override
    public boolean giveUp(String scope, String key, long fencingToken) {
        return yes(write(RecordScripts.MARK_UNKNOWN, "giveUp", null, recordKey(scope, key),
                text(fencingToken), bytes("0")));
    }

    @Override
    public boolean complete(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        return yes(grouped(completions, "complete", null, completeCall(scope, key, fencingToken, response, ttl)));
    }

    /**
     * The gathered outcomes of several requests (written behind their responses), in one pipeline
     * of {@link #MAX_GROUPED} scripts at most a round trip; with {@code store.redis.wait-replicas},
     * one {@code WAIT} for them all.
     */
    @Override
    public void completeAll(List<? extends Completion> completions) {
        Completion.inParts(completions, MAX_GROUPED, part -> {
            List<byte[][]> calls = new ArrayList<>(part.size());
            for (Completion completion : part) {
                calls.add(completeCall(completion.scope(), completion.key(), completion.fencingToken(),
                        completion.response(), completion.ttl()));
            }
            List<RecordScripts.Written> written;
            try {
                written = RecordScripts.COMPLETE.runAll(redis, prefixBytes, calls, waitReplicas, waitMillis);
            } catch (JedisException e) {
                throw new StoreUnavailableException("Redis store: complete failed: " + e.getMessage() + " ("
                        + part.size() + " completions in one round trip)", e);
            }
            for (int i = 0; i < part.size(); i++) {
                boolean completed;
                try {
                    completed = yes(judged(written.get(i), "complete", null));
                } catch (StoreUnavailableException e) {
                    part.get(i).failed(e);
                    continue;
                }
                part.get(i).stored(completed);
            }
        });
    }

    @Override
    public boolean completesTogether() {
        return true;
    }

    private byte[][] completeCall(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        return call(recordKey(scope, key), text(fencingToken), text(response.status()),
                HeaderCodec.encode(response.headers()), response.body(), bytes(response.bodyRetained() ? "1" : "0"),
                text(ttl.toMillis()), GRACE);
    }

    @Override
    public boolean release(String scope, String key, long fencingToken) {
        return yes(write(RecordScripts.RELEASE, "release", null, recordKey(scope, key), text(fencingToken)));
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
        return yes(write(RecordScripts.WITHDRAW, "withdrawUnstarted", null,
                recordKey(claim.scope(), claim.key()), bytes(claim.owner()), nullable(claim.requestId())));
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response, Duration ttl,
            boolean evenIfLeaseLive) {
        return yes(write(RecordScripts.RESOLVE_COMPLETE, "resolveComplete", null, recordKey(scope, key),
                text(expectedToken), text(response.status()), HeaderCodec.encode(response.headers()), response.body(),
                bytes(response.bodyRetained() ? "1" : "0"), text(ttl.toMillis()), GRACE,
                bytes(evenIfLeaseLive ? "1" : "0")));
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean evenIfLeaseLive) {
        return yes(write(RecordScripts.RESOLVE_RELEASE, "resolveRelease", null, recordKey(scope, key),
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

    /**
     * Runs a script that changes a record and, with {@code store.redis.wait-replicas}, waits for the
     * replicas to hold the change ({@link #judged}).
     */
    private Object write(RecordScripts script, String operation, Predicate<Object> mustReplicate, byte[] key,
            byte[]... args) {
        if (waitReplicas == 0) {
            return script.run(redis, operation, prefixBytes, key, args);
        }
        RecordScripts.Written written;
        try {
            written = script.runAll(redis, prefixBytes, Collections.singletonList(call(key, args)), waitReplicas,
                    waitMillis).get(0);
        } catch (JedisException e) {
            throw new StoreUnavailableException("Redis store: " + operation + " failed: " + e.getMessage(), e);
        }
        return judged(written, operation, mustReplicate);
    }

    /** A change run in one pipeline with those of concurrent callers, judged as {@link #write} judges it. */
    private Object grouped(GroupedStatement<byte[][], RecordScripts.Written> group, String operation,
            Predicate<Object> mustReplicate, byte[] key, byte[]... args) {
        return grouped(group, operation, mustReplicate, call(key, args));
    }

    private Object grouped(GroupedStatement<byte[][], RecordScripts.Written> group, String operation,
            Predicate<Object> mustReplicate, byte[][] call) {
        return judged(group.run(call), operation, mustReplicate);
    }

    private static byte[][] call(byte[] key, byte[]... args) {
        byte[][] call = new byte[args.length + 1][];
        call[0] = key;
        System.arraycopy(args, 0, call, 1, args.length);
        return call;
    }

    /**
     * The script's reply, once its replicas are counted. A change the replicas did not all take in
     * time fails as a store outage when {@code mustReplicate} says its loss in a failover would let
     * a key execute twice (a new claim, a take-over); any other change stays on the primary, with a
     * warning.
     */
    private Object judged(RecordScripts.Written written, String operation, Predicate<Object> mustReplicate) {
        if (written.reply instanceof JedisDataException) {
            JedisDataException failed = (JedisDataException) written.reply;
            throw new StoreUnavailableException("Redis store: " + operation + " failed: " + failed.getMessage(), failed);
        }
        if (waitReplicas == 0 || written.replicas >= waitReplicas) {
            return written.reply;
        }
        String shortfall = "Redis store: " + operation + " reached " + written.replicas + " of the " + waitReplicas
                + " replica(s) store.redis.wait-replicas asks for within " + waitMillis + " ms";
        if (mustReplicate != null && mustReplicate.test(written.reply)) {
            throw new StoreUnavailableException(shortfall + "; refused, since a failover could lose it and let the key "
                    + "execute again (check the replicas: INFO replication)", null);
        }
        if (WROTE.test(written.reply)) {
            LOG.warn("{}; it is on the primary, and a failover before the replicas catch up would lose it", shortfall);
        }
        return written.reply;
    }

    /** The claim script's reply says it claimed the key (it wrote a new record), not that it found one. */
    private static boolean claimedNow(Object reply) {
        return Long.valueOf(1).equals(((List<?>) reply).get(0));
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
