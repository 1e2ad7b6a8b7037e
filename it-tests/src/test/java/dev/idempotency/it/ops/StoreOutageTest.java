package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store goes away under a running service and comes back: the agent reaches the shared
 * PostgreSQL through a relay this test cuts and freezes (the server itself is never stopped).
 * create-order fails closed, create-payment fails open; connect timeout 1 s, statement timeout 2 s.
 * The outage is told on stderr once per cause, one line per exception of its chain, with no stack trace.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StoreOutageTest {

    /** One cause of an outage on stderr: the failure and the chain of its causes, one line each, with the fix. */
    private static final int LINES_PER_CAUSE = 10;

    @TempDir
    Path workDir;

    private RelayedStore store;
    private TcpRelay relay;

    @BeforeEach
    void relay() throws Exception {
        store = RelayedStore.of(StoreDatabases.POSTGRESQL);
        relay = store.relay();
    }

    @AfterEach
    void cleanUp() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void failsClosedOrOpenWithinTheTimeoutsAndRecoversWithoutARestart() throws Exception {
        Path config = store.config().paymentsStoreError("fail-open").writeTo(workDir);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
            URI uri = demo.baseUri();
            FailClosed.cutWithAnOrderBefore(relay, uri);
            assertThat(Http.to(uri).get("/stats").json().get("payments").asInt()).isEqualTo(1);

            relay.freeze();
            FailClosed.assertRefusedWithinBound(uri, "while-frozen");

            relay.restore();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500))
                    .until(() -> Orders.create(uri, "while-cut", "", Http.DEFAULT_TIMEOUT).status() == 201);
            Http.Response replay = Orders.create(uri, "while-cut", "", Http.DEFAULT_TIMEOUT);
            assertThat(replay.header("Idempotent-Replayed")).hasValue("true");
            assertThat(Orders.items(uri)).containsExactlyInAnyOrder("before", "while-cut");

            List<String> stderr = demo.stderr();
            List<String> agentLines = stderr.stream()
                    .filter(line -> line.startsWith("idempotency-agent ") || line.startsWith("[idempotency-"))
                    .collect(Collectors.toList());
            long causes = agentLines.stream().filter(line -> line.contains(": ERROR: ")).count();
            assertThat(causes).as("the outage is said: %s", agentLines).isPositive();
            assertThat(stderr).as("told in lines an operator reads, without a stack trace: %s", stderr)
                    .noneMatch(line -> line.startsWith("\tat "));
            assertThat(agentLines).as("at most %d lines a cause: %s", LINES_PER_CAUSE, agentLines)
                    .hasSizeLessThanOrEqualTo((int) causes * LINES_PER_CAUSE + 4);
        }
    }
}
