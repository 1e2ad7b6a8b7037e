package dev.idempotency.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Simultaneous requests with one key, and what the agent must make of them: one execution, every
 * other answer that execution's replay or a 409 saying it is still in progress.
 */
public final class OneKeyRace {

    private static final String REPLAYED = "Idempotent-Replayed";
    private static final String IN_PROGRESS = "https://idempotency-agent.dev/problems/idempotency-request-in-progress";

    private OneKeyRace() {}

    /** Runs {@code count} copies of {@code request} released together by one start gate; each must answer within 30 seconds. */
    public static List<Http.Response> send(int count, Callable<Http.Response> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Http.Response>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return request.call();
                }));
            }
            start.countDown();
            List<Http.Response> answers = new ArrayList<>();
            for (Future<Http.Response> future : futures) {
                answers.add(future.get(30, TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Exactly one of {@code answers} was executed by the application (a 201 without
     * {@code Idempotent-Replayed}); each other is a 409 in progress or, after waiting for the
     * first, its replay.
     */
    public static void assertExactlyOneExecuted(List<Http.Response> answers) {
        List<Http.Response> executed = answers.stream()
                .filter(answer -> answer.status() == 201 && answer.header(REPLAYED).isEmpty()).toList();
        assertThat(executed).as("answers executed by the application").hasSize(1);
        for (Http.Response other : answers) {
            if (other != executed.get(0)) {
                assertThat(other.status()).as(other.body()).isIn(201, 409);
                if (other.status() == 201) {
                    assertThat(other.header(REPLAYED)).hasValue("true");
                    assertThat(other.body()).isEqualTo(executed.get(0).body());
                } else {
                    assertThat(other.json().path("type").asText()).isEqualTo(IN_PROGRESS);
                }
            }
        }
    }
}
