package dev.idempotency.agent.store.grouped;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.idempotency.agent.store.StoreUnavailableException;

/** Who runs which rows in which statement, without a database: statements that record their rows. */
class GroupedStatementTest {

    private final ExecutorService callers = Executors.newCachedThreadPool();
    /** The inputs of each statement, in the order they ran. */
    private final List<List<String>> statements = new CopyOnWriteArrayList<>();
    /** The thread that ran each statement. */
    private final List<Thread> runners = new CopyOnWriteArrayList<>();
    /** Holds every statement whose first input is "slow" until released. */
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void stop() {
        release.countDown();
        callers.shutdownNow();
    }

    private GroupedStatement<String, String> grouped(int inFlight, long waitMillis) {
        return new GroupedStatement<>("echo", "test store", inputs -> {
            statements.add(List.copyOf(inputs));
            runners.add(Thread.currentThread());
            if (inputs.get(0).startsWith("slow")) {
                awaitRelease();
            }
            if (inputs.contains("fail")) {
                throw new IOException("connection lost");
            }
            List<String> outputs = new ArrayList<>();
            for (String input : inputs) {
                outputs.add(input.equals("left") ? null : input + "!");
            }
            return outputs;
        }, 100, new StatementSlots(inFlight), waitMillis);
    }

    private void awaitRelease() throws IOException {
        try {
            release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new IOException("interrupted", e);
        }
    }

    private Future<String> call(GroupedStatement<String, String> grouped, String input) {
        return callers.submit(() -> grouped.run(input));
    }

    @Test
    void aLoneCallerRunsItsStatementAtOnceOnItsOwnThread() {
        GroupedStatement<String, String> grouped = grouped(1, 5_000);

        assertThat(grouped.run("a")).isEqualTo("a!");
        assertThat(grouped.run("left")).as("left to the single-row path").isNull();

        assertThat(statements).containsExactly(List.of("a"), List.of("left"));
        assertThat(runners).containsOnly(Thread.currentThread());
    }

    @Test
    void callersArrivingDuringAStatementShareTheNextOneRunByOneOfThem() throws Exception {
        GroupedStatement<String, String> grouped = grouped(1, 5_000);
        Future<String> first = call(grouped, "slow");
        await().until(() -> statements.size() == 1);
        List<Future<String>> queued = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            queued.add(call(grouped, "q" + i));
            int waiting = i + 1;
            await().until(() -> grouped.queued() == waiting);
        }

        release.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("slow!");
        for (int i = 0; i < 5; i++) {
            assertThat(queued.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("q" + i + "!");
        }
        assertThat(statements).containsExactly(List.of("slow"), List.of("q0", "q1", "q2", "q3", "q4"));
        assertThat(runners.get(1)).as("a queued caller runs the next statement").isNotEqualTo(runners.get(0));
        assertThat(grouped.statements()).isEqualTo(2);
        assertThat(grouped.rows()).isEqualTo(6);
        assertThat(grouped.largestBatch()).isEqualTo(5);
    }

    @Test
    void aFailedStatementFailsEveryCallerInItAndOnlyThem() throws Exception {
        GroupedStatement<String, String> grouped = grouped(1, 5_000);
        Future<String> first = call(grouped, "slow");
        await().until(() -> statements.size() == 1);
        List<Future<String>> batch = List.of(call(grouped, "fail"), call(grouped, "ok"));
        await().until(() -> grouped.queued() == 2);

        release.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("slow!");
        for (Future<String> caller : batch) {
            assertThatThrownBy(() -> caller.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("echo failed: connection lost (2 callers in one statement)");
        }
        assertThat(grouped.run("after")).isEqualTo("after!");
        assertThat(grouped.statements()).as("the failed statement is not counted").isEqualTo(2);
    }

    @Test
    void aCallerWaitingTooLongForAStatementGivesUpAndItsRowNeverRuns() throws Exception {
        GroupedStatement<String, String> grouped = grouped(1, 300);
        Future<String> first = call(grouped, "slow");
        await().until(() -> statements.size() == 1);

        assertThatThrownBy(() -> grouped.run("late")).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("not applied");
        release.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("slow!");
        assertThat(grouped.run("next")).isEqualTo("next!");
        assertThat(statements).containsExactly(List.of("slow"), List.of("next"));
    }

    @Test
    void severalStatementsRunAtOnceUpToTheLimit() throws Exception {
        GroupedStatement<String, String> grouped = grouped(2, 5_000);
        Future<String> one = call(grouped, "slow-1");
        Future<String> two = call(grouped, "slow-2");
        await().until(() -> statements.size() == 2);
        Future<String> third = call(grouped, "q");
        await().until(() -> grouped.queued() == 1);

        release.countDown();

        assertThat(List.of(one.get(10, TimeUnit.SECONDS), two.get(10, TimeUnit.SECONDS), third.get(10, TimeUnit.SECONDS)))
                .containsExactly("slow-1!", "slow-2!", "q!");
        assertThat(statements).hasSize(3).contains(List.of("q"));
    }

    @Test
    void concurrentCallersAllGetTheirOwnAnswer() throws Exception {
        GroupedStatement<String, String> grouped = grouped(2, 10_000);
        List<Future<String>> results = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            results.add(call(grouped, "c" + i));
        }
        for (int i = 0; i < results.size(); i++) {
            assertThat(results.get(i).get(30, TimeUnit.SECONDS)).isEqualTo("c" + i + "!");
        }
        assertThat(grouped.rows()).isEqualTo(2_000);
        assertThat(grouped.queued()).isZero();
    }
}
