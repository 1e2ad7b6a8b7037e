package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request executes while the way to the store is cut: its outcome cannot be written, nor its
 * claim given up, so the record stays IN_PROGRESS, renewed by no JVM, though its owner lives. The
 * keeper counts such records beside the UNKNOWN ones, with both causes, and the next request for
 * the key finds it abandoned (409 outcome unknown), never executing it again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AbandonedClaimReportTest {

    @TempDir
    Path workDir;

    @Test
    void aClaimLeftInProgressByALiveOwnerIsCountedWithItsCause() throws Exception {
        try (RelayedStore store = RelayedStore.of(StoreDatabases.POSTGRESQL);
                DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(store.config().writeTo(workDir)).start()) {
            TcpRelay relay = store.relay();
            URI uri = demo.baseUri();
            assertThat(Orders.create(uri, "before", "", Http.DEFAULT_TIMEOUT).status()).isEqualTo(201);
            int before = Orders.count(uri);

            Orders.inFlight(uri, "cut-mid-request", "?delayMs=1500");
            await().atMost(Duration.ofSeconds(10)).until(() -> Orders.count(uri) == before + 1);
            relay.cut();
            Thread.sleep(5_000); // the handler ends, the outcome and the give-up fail, the 2 s lease runs out
            relay.restore();

            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).until(() -> demo.stderr().stream()
                    .anyMatch(line -> line.contains("1 idempotency key(s) are IN_PROGRESS past their lease, renewed by no JVM")));
            Http.Response retry = Orders.create(uri, "cut-mid-request", "?delayMs=1500", Http.DEFAULT_TIMEOUT);
            assertThat(Orders.problemType(retry)).as(retry.body()).endsWith(Orders.OUTCOME_UNKNOWN);
            assertThat(Orders.count(uri)).as("executed once").isEqualTo(before + 1);
        }
    }
}
