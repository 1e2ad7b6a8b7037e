package dev.idempotency.agent.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.testing.TestRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConcurrentClaimTest {

    @Test
    void manyRequestsWithOneNewKeyExecuteOnce() throws Exception {
        GateFixture fixture = new GateFixture(GateFixture.orders());
        int threads = 32;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Verdict>> verdicts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            verdicts.add(pool.submit(() -> {
                start.await();
                return fixture.begin(TestRequest.post("/orders").key("same").body("{}").build());
            }));
        }
        start.countDown();
        int executions = 0;
        int inProgress = 0;
        for (Future<Verdict> verdict : verdicts) {
            Verdict v = verdict.get(10, TimeUnit.SECONDS);
            if (v.execution() != null) {
                executions++;
            } else if (v.status() == 409) {
                inProgress++;
            }
        }
        pool.shutdown();
        assertThat(executions).isEqualTo(1);
        assertThat(inProgress).isEqualTo(threads - 1);
        assertThat(fixture.record("same").orElseThrow().attempts()).isEqualTo(threads);
    }
}
