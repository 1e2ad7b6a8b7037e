package dev.idempotency.agent.store.redis;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a Redis configured as it is can lose, read from the server at start: a claim Redis loses
 * in a crash, a failover or an eviction is a key a retry executes again. Each finding is one
 * warning naming the setting, what it loses and the setting that does not.
 */
final class Durability {

    private Durability() {
    }

    /** @param waitReplicas how many replicas each write waits for ({@code store.redis.wait-replicas}) */
    static List<String> of(UnifiedJedis redis, String store, int waitReplicas) {
        List<String> warnings = new ArrayList<>();
        try {
            String appendOnly = config(redis, "appendonly");
            String fsync = config(redis, "appendfsync");
            String eviction = config(redis, "maxmemory-policy");
            if (!"yes".equals(appendOnly)) {
                warnings.add("the Redis store (" + store + ") keeps no append-only file (appendonly " + appendOnly
                        + "): a restart or crash of Redis loses every claim and stored outcome since its last snapshot, "
                        + "and the retries of those requests execute again. Set appendonly yes and appendfsync always "
                        + "(docs/operations.md, \"Redis\")");
            } else if (!"always".equals(fsync)) {
                warnings.add("the Redis store (" + store + ") writes its append-only file to disk only " + fsync
                        + " (appendfsync " + fsync + "): a crash of the Redis host loses the claims and outcomes of "
                        + "up to the last second, and their retries execute again. Set appendfsync always "
                        + "(docs/operations.md, \"Redis\")");
            }
            if (eviction != null && !"noeviction".equals(eviction)) {
                warnings.add("the Redis store (" + store + ") may evict records when Redis is full (maxmemory-policy "
                        + eviction + "): an evicted claim or outcome lets its key execute again. Set maxmemory-policy "
                        + "noeviction; Redis then refuses new claims when full, and the agent answers them as a store "
                        + "outage (docs/operations.md, \"Redis\")");
            }
            int replicas = connectedReplicas(redis);
            if (waitReplicas > replicas) {
                warnings.add("the Redis store (" + store + ") waits for " + waitReplicas + " replica(s) on each write "
                        + "(store.redis.wait-replicas), but " + replicas + " are connected: new keys are refused as a "
                        + "store outage until enough replicas are (INFO replication shows them)");
            } else if (replicas > 0 && waitReplicas == 0) {
                warnings.add("the Redis store (" + store + ") replicates to " + replicas + " replica(s) "
                        + "asynchronously: a failover to a replica loses the claims and outcomes it had not received, "
                        + "and their retries execute again; set store.redis.wait-replicas to make each claim wait for "
                        + "them (docs/operations.md, \"Redis\")");
            }
        } catch (JedisConnectionException unreachable) {
            warnings.add("the Redis store (" + store + ") was not reachable at start, so its durability settings were "
                    + "not checked: " + unreachable.getMessage() + "; requests to declared endpoints get the store-error "
                    + "answer until it is");
        } catch (JedisException refused) {
            warnings.add("the durability settings of the Redis store (" + store + ") could not be read (" + refused.getMessage()
                    + "): make sure appendonly yes, appendfsync always and maxmemory-policy noeviction are set "
                    + "(docs/operations.md, \"Redis\")");
        }
        return warnings;
    }

    private static String config(UnifiedJedis redis, String name) {
        Object reply = redis.sendCommand(Protocol.Command.CONFIG, "GET", name);
        List<?> pair = (List<?>) reply;
        return pair.size() < 2 ? null : new String((byte[]) pair.get(1), StandardCharsets.UTF_8);
    }

    private static int connectedReplicas(UnifiedJedis redis) {
        String info = new String((byte[]) redis.sendCommand(Protocol.Command.INFO, "replication"), StandardCharsets.UTF_8);
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("connected_slaves:")) {
                return Integer.parseInt(line.substring("connected_slaves:".length()).trim());
            }
        }
        return 0;
    }
}
