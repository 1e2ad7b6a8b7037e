package dev.idempotency.agent.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.Completion;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;

/**
 * Claims and completions that would wait for the pool's one connection share one pipeline, on a
 * server of this test's own: the test pauses it ({@code CLIENT PAUSE}) while a first claim is in
 * flight, so the next callers queue; each of their scripts still runs atomically, as alone, so a key
 * that several of them claim is claimed once and the others find it. Completions gathered behind
 * the responses go to the server in one pipeline, each answered on its own.
 */
@Timeout(60)
class GroupedScriptsTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);
    private static final long PAUSE_MILLIS = 3_000;

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        callers.shutdownNow();
    }

    @Test
    void callersQueuedBehindAPipelineShareTheNextAndEachKeyIsClaimedOnce() throws Exception {
        try (RedisServerProcess server = RedisServerProcess.start(dir);
                JedisPooled admin = server.client();
                RedisRecordStore store = oneConnection(server, "grouped")) {
            pause(admin);
            Future<ClaimResult> first = callers.submit(() -> store.claim(claim("first")));
            await().until(() -> store.claims.inFlight() == 1);
            List<Future<ClaimResult>> distinct = new ArrayList<>();
            List<Future<ClaimResult>> sameKey = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String key = "key-" + i;
                distinct.add(callers.submit(() -> store.claim(claim(key))));
                sameKey.add(callers.submit(() -> store.claim(claim("same"))));
            }
            await().until(() -> store.claims.queued() == 10);

            assertThat(first.get(10, TimeUnit.SECONDS).claimed()).isTrue();
            for (Future<ClaimResult> claim : distinct) {
                assertThat(claim.get(10, TimeUnit.SECONDS).claimed()).isTrue();
            }
            int claimedSame = 0;
            for (Future<ClaimResult> claim : sameKey) {
                claimedSame += claim.get(10, TimeUnit.SECONDS).claimed() ? 1 : 0;
            }
            assertThat(claimedSame).as("claims of one key in one pipeline that claimed it").isEqualTo(1);
            assertThat(store.find("scope", "same").get().attempts()).isEqualTo(5);
            assertThat(store.claims.statements()).as("pipelines: the first claim's, then the queued ten's").isEqualTo(2);
            assertThat(store.claims.largestBatch()).isEqualTo(10);

            pause(admin);
            Future<ClaimResult> blocker = callers.submit(() -> store.claim(claim("blocker")));
            await().until(() -> store.claims.inFlight() == 1);
            List<Future<Boolean>> completions = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String key = "key-" + i;
                long token = distinct.get(i).get().record().fencingToken();
                completions.add(callers.submit(() -> store.complete("scope", key, token, response(), TTL)));
            }
            completions.add(callers.submit(() -> store.complete("scope", "first", 1, response(), TTL)));
            await().until(() -> store.completions.queued() == 6);

            assertThat(blocker.get(10, TimeUnit.SECONDS).claimed()).isTrue();
            for (int i = 0; i < 5; i++) {
                assertThat(completions.get(i).get(10, TimeUnit.SECONDS)).isTrue();
                assertThat(store.find("scope", "key-" + i).get().state()).isEqualTo(RecordState.COMPLETED);
            }
            assertThat(completions.get(5).get(10, TimeUnit.SECONDS)).as("a stale token, in the same pipeline").isFalse();
            assertThat(store.find("scope", "first").get().state()).isEqualTo(RecordState.IN_PROGRESS);
            assertThat(store.completions.statements()).isEqualTo(1);
            assertThat(store.completions.largestBatch()).isEqualTo(6);
        }
    }

    @Test
    void aServerThatLostItsScriptsGetsThemWholeAndRunsEachCallOnce() throws Exception {
        try (RedisServerProcess server = RedisServerProcess.start(dir);
                JedisPooled admin = server.client();
                RedisRecordStore store = oneConnection(server, "flushed")) {
            long token = store.claim(claim("before")).record().fencingToken();
            admin.scriptFlush();

            // the completion in flight loads only its own script: the claims queued behind it find none
            pause(admin);
            Future<Boolean> completion = callers.submit(() -> store.complete("scope", "before", token, response(), TTL));
            await().until(() -> store.completions.inFlight() == 1);
            List<Future<ClaimResult>> queued = new ArrayList<>();
            for (String key : new String[] {"a", "b", "a"}) {
                queued.add(callers.submit(() -> store.claim(claim(key))));
            }
            await().until(() -> store.claims.queued() == 3);

            assertThat(completion.get(10, TimeUnit.SECONDS)).isTrue();
            assertThat(queued.get(1).get(10, TimeUnit.SECONDS).claimed()).isTrue();
            int claimedA = (queued.get(0).get(10, TimeUnit.SECONDS).claimed() ? 1 : 0)
                    + (queued.get(2).get(10, TimeUnit.SECONDS).claimed() ? 1 : 0);
            assertThat(claimedA).as("claims of one key sent again whole, still run once each").isEqualTo(1);
            assertThat(store.find("scope", "a").get().attempts()).isEqualTo(2);
            assertThat(store.claims.largestBatch()).isEqualTo(3);
        }
    }

    @Test
    void gatheredCompletionsGoInOnePipelineAndEachGetsItsOwnAnswer() throws Exception {
        try (RedisServerProcess server = RedisServerProcess.start(dir);
                RedisRecordStore store = oneConnection(server, "together")) {
            long a = store.claim(claim("a")).record().fencingToken();
            long b = store.claim(claim("b")).record().fencingToken();
            long c = store.claim(claim("c")).record().fencingToken();
            List<Answer> answers = List.of(new Answer("a", a), new Answer("b", b), new Answer("c", c + 1),
                    new Answer("never-claimed", 1));

            store.completeAll(answers);

            assertThat(answers).extracting(answer -> answer.answer).containsExactly(true, true, false, false);
            assertThat(store.find("scope", "a").get().state()).isEqualTo(RecordState.COMPLETED);
            assertThat(store.find("scope", "b").get().response().body()).containsExactly(1, 2);
            assertThat(store.find("scope", "c").get().state()).as("a stale token, fenced out").isEqualTo(RecordState.IN_PROGRESS);
            assertThat(store.completesTogether()).isTrue();
        }
    }

    @Test
    void gatheredCompletionsToAServerThatIsGoneEachFailAsAnOutage() throws Exception {
        RedisRecordStore store;
        long token;
        try (RedisServerProcess server = RedisServerProcess.start(dir)) {
            store = oneConnection(server, "gone");
            token = store.claim(claim("a")).record().fencingToken();
        }
        try (RedisRecordStore closing = store) {
            List<Answer> answers = List.of(new Answer("a", token), new Answer("b", 1));

            closing.completeAll(answers);

            assertThat(answers).allSatisfy(answer -> {
                assertThat(answer.answer).isNull();
                assertThat(answer.failure).isInstanceOf(StoreUnavailableException.class)
                        .hasMessageContaining("2 completions in one round trip");
            });
        }
    }

    /** A completion of key {@code key} by {@code token}, and what the store answered it. */
    private static final class Answer extends Completion {
        Boolean answer;
        RuntimeException failure;

        Answer(String key, long token) {
            super("scope", key, token, GroupedScriptsTest.response(), TTL);
        }

        @Override
        protected void whenStored(boolean completed) {
            answer = completed;
        }

        @Override
        protected void whenFailed(RuntimeException e) {
            failure = e;
        }
    }

    /** A store on the pool's one connection, whose replies may take the pause and more. */
    private static RedisRecordStore oneConnection(RedisServerProcess server, String table) {
        return (RedisRecordStore) RedisStores.open(StoreSettings.forUrl(server.url()).withTable(table).withPoolSize(1)
                .withStatementTimeout(Duration.ofSeconds(10)));
    }

    /** Holds every client's commands for a while; the server runs them once it ends. */
    private static void pause(JedisPooled admin) {
        admin.sendCommand(Protocol.Command.CLIENT, "PAUSE", Long.toString(PAUSE_MILLIS), "ALL");
    }

    private static ClaimRequest claim(String key) {
        return new ClaimRequest("scope", key, "create-order", "fp", "owner", "req-" + key, LEASE, TTL);
    }

    private static StoredResponse response() {
        return new StoredResponse(201, Collections.emptyMap(), new byte[] {1, 2}, true);
    }
}
