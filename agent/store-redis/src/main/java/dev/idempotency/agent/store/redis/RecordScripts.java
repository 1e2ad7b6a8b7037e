package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.StoreUnavailableException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The Lua scripts every change of a record is: each runs atomically on the server, so a claim and
 * each state change is one step no other client sees half done. Each is {@code records.lua} (the
 * shared functions) followed by its own file; sent by its SHA-1, and whole once when the server
 * does not have it yet (a restart, a failover, {@code SCRIPT FLUSH}).
 */
enum RecordScripts {
    CLAIM("claim"),
    TAKE_OVER("take-over"),
    MARK_UNKNOWN("mark-unknown"),
    COMPLETE("complete"),
    RELEASE("release"),
    FIND("find"),
    RENEW("renew"),
    WITHDRAW("withdraw"),
    RESOLVE_COMPLETE("resolve-complete"),
    RESOLVE_RELEASE("resolve-release"),
    PURGE("purge"),
    COUNTS("counts"),
    LIST("list");

    private final byte[] script;
    private final byte[] sha;

    RecordScripts(String name) {
        this.script = (read("records.lua") + "\n" + read(name + ".lua")).getBytes(StandardCharsets.UTF_8);
        this.sha = hex(sha1(script)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Runs the script with {@code prefix} as its first argument.
     *
     * @throws StoreUnavailableException when Redis cannot be reached or does not answer in time
     */
    Object run(UnifiedJedis redis, String operation, byte[] prefix, List<byte[]> keys, List<byte[]> args) {
        List<byte[]> all = new ArrayList<>(args.size() + 1);
        all.add(prefix);
        all.addAll(args);
        try {
            try {
                return redis.evalsha(sha, keys, all);
            } catch (JedisNoScriptException notLoaded) {
                return redis.eval(script, keys, all);
            }
        } catch (JedisException e) {
            throw new StoreUnavailableException("Redis store: " + operation + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Runs the script once for each of several callers' calls (each a record key, then the
     * script's arguments), all down one pooled connection in one round trip (a pipeline), then,
     * with {@code replicas}, one {@code WAIT} for all of them. Each script runs atomically on the
     * server, as alone. Returns one answer per call, in order; a script that failed fails its own
     * call only. Scripts the server does not have yet ran nowhere: those are sent again whole.
     */
    List<Written> runAll(JedisPooled redis, byte[] prefix, List<byte[][]> calls, int replicas, long timeoutMillis) {
        Written[] written = new Written[calls.size()];
        List<Integer> notLoaded = new ArrayList<>();
        send(redis, prefix, calls, false, replicas, timeoutMillis, written, notLoaded);
        if (!notLoaded.isEmpty()) {
            // a pipeline of its own, maybe on another connection: its WAIT counts its own writes
            List<byte[][]> again = new ArrayList<>(notLoaded.size());
            for (int i : notLoaded) {
                again.add(calls.get(i));
            }
            Written[] whole = new Written[again.size()];
            send(redis, prefix, again, true, replicas, timeoutMillis, whole, new ArrayList<>());
            for (int i = 0; i < whole.length; i++) {
                written[notLoaded.get(i)] = whole[i];
            }
        }
        return Arrays.asList(written);
    }

    /**
     * One pipeline: the calls, by SHA-1 or {@code whole}, and the WAIT, whose count goes with each
     * answer; the calls the server had no script for are left out of {@code written} and listed.
     */
    private void send(JedisPooled redis, byte[] prefix, List<byte[][]> calls, boolean whole, int replicas,
            long timeoutMillis, Written[] written, List<Integer> notLoaded) {
        try (Pipeline pipeline = redis.pipelined()) {
            List<Response<Object>> pending = new ArrayList<>(calls.size());
            for (byte[][] call : calls) {
                List<byte[]> keys = Collections.singletonList(call[0]);
                List<byte[]> args = new ArrayList<>(call.length);
                args.add(prefix);
                args.addAll(Arrays.asList(call).subList(1, call.length));
                pending.add(whole ? pipeline.eval(script, keys, args) : pipeline.evalsha(sha, keys, args));
            }
            Response<Long> acknowledged = replicas > 0 ? pipeline.waitReplicas(replicas, timeoutMillis) : null;
            pipeline.sync();
            long held = acknowledged == null ? 0 : acknowledged.get();
            for (int i = 0; i < pending.size(); i++) {
                try {
                    written[i] = new Written(pending.get(i).get(), held);
                } catch (JedisNoScriptException notYet) {
                    notLoaded.add(i);
                } catch (JedisDataException failed) {
                    written[i] = new Written(failed, held);
                }
            }
        }
    }

    /**
     * What a script answered (a {@link JedisDataException} when it failed on the server), and how
     * many replicas held its writes within the wait.
     */
    static final class Written {
        final Object reply;
        final long replicas;

        Written(Object reply, long replicas) {
            this.reply = reply;
            this.replicas = replicas;
        }
    }

    Object run(UnifiedJedis redis, String operation, byte[] prefix, byte[] key, byte[]... args) {
        List<byte[]> arguments = new ArrayList<>(args.length);
        Collections.addAll(arguments, args);
        return run(redis, operation, prefix, Collections.singletonList(key), arguments);
    }

    private static String read(String resource) {
        try (InputStream in = RecordScripts.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing script " + resource);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            for (int n; (n = in.read(buffer)) > 0; ) {
                out.write(buffer, 0, n);
            }
            return new String(out.toByteArray(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] sha1(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return text.toString();
    }
}
