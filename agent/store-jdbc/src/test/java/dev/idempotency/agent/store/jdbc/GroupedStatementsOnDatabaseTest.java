package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.grouped.GroupedStatement;
import dev.idempotency.agent.store.jdbc.grouped.GroupedWrites;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The edges of a grouped statement on a real database. One statement in flight at a time; the
 * test holds it on a row lock of its own while the next callers queue, so they share the next
 * statement, whose rows the test chose.
 */
abstract class GroupedStatementsOnDatabaseTest {

    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration TTL = Duration.ofHours(1);
    private static final StoredResponse RESPONSE = new StoredResponse(201, Map.of(), new byte[] {1, 2}, true);

    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final List<Connection> lockHolders = new ArrayList<>();
    private StoreSettings settings;
    private JdbcIdempotencyStore store;
    private GroupedStatement<NewClaim, NewKeyOutcome> claims;
    private GroupedStatement<CompletionRow, Boolean> completions;

    abstract StoreSettings settings(String table);

    /** Ends the connection of the statement waiting for a row lock on the table (true once one was found). */
    abstract boolean killLockWaiter(Connection admin, String table) throws SQLException;

    /** The database's grouped strategy with one statement in flight. */
    abstract WriteStrategy oneInFlight(RecordTable table, StoreSettings settings, long waitMillis);

    /** Grouped statements the database's own strategy runs at once on the pool of these settings. */
    abstract int statementsInFlight(StoreSettings settings);

    @BeforeEach
    void open() {
        settings = settings(TestDatabases.uniqueTable());
        store = JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()), this::oneInFlight);
        GroupedWrites writes = (GroupedWrites) store.writeStrategy();
        claims = writes.claims;
        completions = writes.completions;
    }

    @AfterEach
    void close() throws SQLException {
        callers.shutdownNow();
        for (Connection holder : lockHolders) {
            holder.close();
        }
        store.close();
        TestDatabases.dropTables(settings);
    }

    @Test
    void gatheredCompletionsShareOneTransactionAndEachGetsItsOwnAnswer() {
        long a = store.claim(request("a", "o1")).record().fencingToken();
        long b = store.claim(request("b", "o2")).record().fencingToken();
        long c = store.claim(request("c", "o3")).record().fencingToken();
        List<Answer> answers = List.of(new Answer("a", a), new Answer("b", b), new Answer("c", c + 1),
                new Answer("a", a), new Answer("never-claimed", 1));

        assertThat(store.completesTogether()).isTrue();
        store.completeAll(answers);

        assertThat(answers).extracting(answer -> answer.answer)
                .as("a stale token, a second completion of a completed key, a key never claimed: fenced out")
                .containsExactly(true, true, false, false, false);
        assertThat(store.find("scope", "a").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(store.find("scope", "b").orElseThrow().response().body()).containsExactly(1, 2);
        assertThat(store.find("scope", "c").orElseThrow().state()).isEqualTo(RecordState.IN_PROGRESS);
    }

    /** A completion of key {@code key} by {@code token}, and what the store answered it. */
    private static final class Answer extends dev.idempotency.agent.store.Completion {
        Boolean answer;

        Answer(String key, long token) {
            super("scope", key, token, RESPONSE, TTL);
        }

        @Override
        protected void whenStored(boolean completed) {
            answer = completed;
        }

        @Override
        protected void whenFailed(RuntimeException e) {
            throw new AssertionError("the database is up", e);
        }
    }

    @Test
    void twoClaimsOfOneKeyInOneStatementHaveOneWinnerAndTheOtherSeesItsRecord() throws Exception {
        long live = store.claim(request("live", "o0")).record().fencingToken();
        Connection holder = holdNewKey("held");
        List<Future<ClaimResult>> queued = claimsQueuedBehindHeld("k", "o1", "k", "o2", "live", "o3");
        Future<ClaimResult> first = queued.get(0);
        Future<ClaimResult> one = queued.get(1);
        Future<ClaimResult> other = queued.get(2);
        Future<ClaimResult> existing = queued.get(3);
        long statementsBefore = claims.statements();

        holder.rollback();

        assertThat(first.get(30, TimeUnit.SECONDS).claimed()).isTrue();
        List<ClaimResult> pair = List.of(one.get(30, TimeUnit.SECONDS), other.get(30, TimeUnit.SECONDS));
        assertThat(pair).filteredOn(ClaimResult::claimed).hasSize(1);
        ClaimResult winner = pair.stream().filter(ClaimResult::claimed).findFirst().orElseThrow();
        ClaimResult loser = pair.stream().filter(result -> !result.claimed()).findFirst().orElseThrow();
        assertThat(loser.record().fencingToken()).isEqualTo(winner.record().fencingToken());
        assertThat(loser.record().owner()).isEqualTo(winner.record().owner());
        assertThat(loser.record().attempts()).isEqualTo(2);
        ClaimResult counted = existing.get(30, TimeUnit.SECONDS);
        assertThat(counted.claimed()).isFalse();
        assertThat(counted.record().owner()).isEqualTo("o0");
        assertThat(counted.record().fencingToken()).isEqualTo(live);
        assertThat(counted.record().attempts()).isEqualTo(2);
        assertThat(claims.statements() - statementsBefore).as("the three queued claims shared one statement")
                .isEqualTo(2);
        assertThat(claims.largestBatch()).isEqualTo(3);
        assertThat(store.find("scope", "k").orElseThrow().attempts()).isEqualTo(2);
    }

    @Test
    void aRetryAmongNewKeysInOneStatementIsReplayedWhileTheNewKeysAreInsertedTogether() throws Exception {
        long done = store.claim(request("done", "o0")).record().fencingToken();
        assertThat(store.complete("scope", "done", done, RESPONSE, TTL)).isTrue();
        Connection holder = holdNewKey("held");
        List<Future<ClaimResult>> queued = claimsQueuedBehindHeld("a", "o1", "done", "o2", "b", "o3");

        holder.rollback();

        List<ClaimResult> held = new ArrayList<>();
        for (Future<ClaimResult> claim : queued) {
            held.add(claim.get(30, TimeUnit.SECONDS));
        }
        assertThat(held).extracting(ClaimResult::claimed).containsExactly(true, true, false, true);
        ClaimResult replay = held.get(2);
        assertThat(replay.claimed()).isFalse();
        assertThat(replay.record().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(replay.record().response().body()).isEqualTo(RESPONSE.body());
        assertThat(claims.largestBatch()).as("the three queued claims went into one statement").isEqualTo(3);
        assertThat(store.find("scope", "done").orElseThrow().fencingToken()).isEqualTo(done);
        assertThat(store.find("scope", "a").orElseThrow().owner()).isEqualTo("o1");
        assertThat(store.find("scope", "b").orElseThrow().owner()).isEqualTo("o3");
    }

    @Test
    void callersOfOneCompletedKeyInOneStatementAreEachReplayedWithAnAttemptOfTheirOwn() throws Exception {
        long done = store.claim(request("done", "o0")).record().fencingToken();
        assertThat(store.complete("scope", "done", done, RESPONSE, TTL)).isTrue();
        Connection holder = holdNewKey("held");
        List<Future<ClaimResult>> queued = claimsQueuedBehindHeld("done", "o1", "done", "o2", "done", "o3");

        holder.rollback();

        assertThat(queued.get(0).get(30, TimeUnit.SECONDS).claimed()).isTrue();
        List<ClaimResult> replays = new ArrayList<>();
        for (Future<ClaimResult> replay : queued.subList(1, queued.size())) {
            replays.add(replay.get(30, TimeUnit.SECONDS));
        }
        assertThat(replays).allSatisfy(replay -> {
            assertThat(replay.claimed()).isFalse();
            assertThat(replay.record().state()).isEqualTo(RecordState.COMPLETED);
            assertThat(replay.record().fencingToken()).isEqualTo(done);
            assertThat(replay.record().response().body()).isEqualTo(RESPONSE.body());
        });
        assertThat(replays).extracting(replay -> replay.record().attempts()).containsExactlyInAnyOrder(2, 3, 4);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> store.find("scope", "done").orElseThrow().attempts() == 4);
    }

    @Test
    void theStoreAsOpenedRunsItsStatementsInFlightAndTheNextCallersQueueForOneStatement() throws Exception {
        int inFlight = statementsInFlight(settings);
        JdbcIdempotencyStore opened = JdbcStores.open(settings, JdbcStores.dialectFor(settings.url()));
        try {
            GroupedStatement<NewClaim, NewKeyOutcome> openedClaims = ((GroupedWrites) opened.writeStrategy()).claims;
            List<Connection> holders = new ArrayList<>();
            List<Future<ClaimResult>> waiting = new ArrayList<>();
            for (int i = 0; i <= inFlight + 1; i++) {
                holders.add(holdNewKey("k" + i));
            }
            for (int i = 0; i <= inFlight + 1; i++) {
                String key = "k" + i;
                waiting.add(callers.submit(() -> opened.claim(request(key, "o" + key))));
            }
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> openedClaims.inFlight() == inFlight && openedClaims.queued() == 2);

            for (Connection holder : holders) {
                holder.commit();
            }

            for (Future<ClaimResult> claim : waiting) {
                ClaimResult result = claim.get(30, TimeUnit.SECONDS);
                assertThat(result.claimed()).as("the key its holder committed while the claim waited").isFalse();
                assertThat(result.record().owner()).isEqualTo("holder");
            }
            assertThat(openedClaims.largestBatch()).as("the two queued callers shared one statement").isEqualTo(2);
        } finally {
            opened.close();
        }
    }

    @Test
    void aKeyWhoseRowIsCommittedWhileItsInsertWaitsIsReadAndClaimedAsAnExistingKey() throws Exception {
        Connection holder = holdNewKey("k");
        Future<ClaimResult> claim = callers.submit(() -> store.claim(request("k", "o1")));
        await().until(() -> claims.inFlight() == 1);

        holder.commit();

        ClaimResult result = claim.get(30, TimeUnit.SECONDS);
        assertThat(result.claimed()).isFalse();
        assertThat(result.record().owner()).isEqualTo("holder");
        assertThat(result.record().attempts()).isEqualTo(2);
        assertThat(store.find("scope", "k").orElseThrow().attempts()).isEqualTo(2);
    }

    @Test
    void aFencedCompletionInAStatementFailsOnlyItsCaller() throws Exception {
        long x = store.claim(request("x", "o")).record().fencingToken();
        long y = store.claim(request("y", "o")).record().fencingToken();
        long z = store.claim(request("z", "o")).record().fencingToken();
        Connection holder = holdRow("x");
        Future<Boolean> first = callers.submit(() -> store.complete("scope", "x", x, RESPONSE, TTL));
        await().until(() -> completions.inFlight() == 1);
        Future<Boolean> owner = callers.submit(() -> store.complete("scope", "y", y, RESPONSE, TTL));
        Future<Boolean> stale = callers.submit(() -> store.complete("scope", "z", z + 1, RESPONSE, TTL));
        await().until(() -> completions.queued() == 2);

        holder.commit();

        assertThat(first.get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(owner.get(30, TimeUnit.SECONDS)).isTrue();
        assertThat(stale.get(30, TimeUnit.SECONDS)).as("fenced out").isFalse();
        assertThat(completions.largestBatch()).isEqualTo(2);
        assertThat(store.find("scope", "y").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(store.find("scope", "z").orElseThrow().state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(store.complete("scope", "z", z, RESPONSE, TTL)).isTrue();
    }

    @Test
    void aStatementThatFailsFailsEveryCallerInItAndAppliesNothing() throws Exception {
        long x = store.claim(request("x", "o")).record().fencingToken();
        long y = store.claim(request("y", "o")).record().fencingToken();
        long z = store.claim(request("z", "o")).record().fencingToken();
        Connection xHolder = holdRow("x");
        Connection yHolder = holdRow("y");
        Future<Boolean> first = callers.submit(() -> store.complete("scope", "x", x, RESPONSE, TTL));
        await().until(() -> completions.inFlight() == 1);
        Future<Boolean> waitsForY = callers.submit(() -> store.complete("scope", "y", y, RESPONSE, TTL));
        Future<Boolean> rowAfterY = callers.submit(() -> store.complete("scope", "z", z, RESPONSE, TTL));
        await().until(() -> completions.queued() == 2);

        xHolder.commit();
        assertThat(first.get(30, TimeUnit.SECONDS)).isTrue();
        try (Connection admin = TestDatabases.connect(settings)) {
            await().atMost(Duration.ofSeconds(20)).until(() -> killLockWaiter(admin, settings.table()));
        }

        for (Future<Boolean> caller : List.of(waitsForY, rowAfterY)) {
            assertThatThrownBy(() -> caller.get(30, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(StoreUnavailableException.class);
        }
        yHolder.rollback();
        assertThat(store.find("scope", "z").orElseThrow().state()).as("nothing of the failed statement applied")
                .isEqualTo(RecordState.IN_PROGRESS);
        assertThat(store.find("scope", "y").orElseThrow().state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(store.complete("scope", "y", y, RESPONSE, TTL)).isTrue();
        assertThat(store.complete("scope", "z", z, RESPONSE, TTL)).isTrue();
    }

    @Test
    void concurrentNewKeysShareStatementsAndCommits() throws Exception {
        int threads = 32;
        int keysEach = 10;
        List<Future<Integer>> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String prefix = "t" + t + "-";
            workers.add(callers.submit(() -> {
                int done = 0;
                for (int i = 0; i < keysEach; i++) {
                    ClaimResult claim = store.claim(request(prefix + i, prefix));
                    if (claim.claimed() && store.complete("scope", prefix + i, claim.record().fencingToken(),
                            RESPONSE, TTL)) {
                        done++;
                    }
                }
                return done;
            }));
        }
        for (Future<Integer> worker : workers) {
            assertThat(worker.get(60, TimeUnit.SECONDS)).isEqualTo(keysEach);
        }

        assertThat(claims.rows()).isEqualTo(threads * keysEach);
        assertThat(claims.statements()).as("claims per statement").isLessThan(claims.rows());
        assertThat(claims.largestBatch()).isGreaterThan(1);
        assertThat(completions.rows()).isEqualTo(threads * keysEach);
        assertThat(completions.statements()).isLessThan(completions.rows());
        assertThat(store.count(RecordState.COMPLETED)).isEqualTo(threads * keysEach);
    }

    private static ClaimRequest request(String key, String owner) {
        return new ClaimRequest("scope", key, "e", "fp", owner, "req-" + owner, LEASE, TTL);
    }

    /**
     * A claim of the key "held" (see {@link #holdNewKey}) in the one statement slot, then the
     * claims given as key, owner, key, owner... queued behind it; the held claim's future first.
     */
    private List<Future<ClaimResult>> claimsQueuedBehindHeld(String... keysAndOwners) {
        List<Future<ClaimResult>> futures = new ArrayList<>();
        futures.add(callers.submit(() -> store.claim(request("held", "o-held"))));
        await().until(() -> claims.inFlight() == 1);
        for (int i = 0; i < keysAndOwners.length; i += 2) {
            ClaimRequest request = request(keysAndOwners[i], keysAndOwners[i + 1]);
            futures.add(callers.submit(() -> store.claim(request)));
        }
        await().until(() -> claims.queued() == keysAndOwners.length / 2);
        return futures;
    }

    /** Inserts the key's row in a transaction left open: a claim of the key waits for it. */
    private Connection holdNewKey(String key) throws SQLException {
        Connection holder = lockHolder();
        TableSql sql = store.tableSql();
        try (PreparedStatement insert = holder.prepareStatement("INSERT INTO " + sql.table + " ("
                + TableSql.CLAIM_COLUMNS + ") VALUES (" + sql.claimValues + ")")) {
            TableSql.bindClaim(insert, 1, request(key, "holder"), 1);
            insert.executeUpdate();
        }
        return holder;
    }

    /** Locks the key's row in a transaction left open: a completion of it waits. */
    private Connection holdRow(String key) throws SQLException {
        Connection holder = lockHolder();
        try (PreparedStatement lock = holder.prepareStatement("SELECT state FROM " + settings.table()
                + " WHERE scope = 'scope' AND idem_key = ? FOR UPDATE")) {
            lock.setString(1, key);
            lock.executeQuery().close();
        }
        return holder;
    }

    private Connection lockHolder() throws SQLException {
        Connection holder = TestDatabases.connect(settings);
        lockHolders.add(holder);
        holder.setAutoCommit(false);
        return holder;
    }
}
