package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each embedded store, the SQL H2 file ({@code jdbc:h2:file:}) and the file store
 * ({@code mvstore:}), on a filesystem that fills up (a 16 MB tmpfs, mounted by the test, so it
 * needs root; CI runs as root): once a write failed, requests to declared endpoints are refused
 * with 503 and nothing executes in their place. H2 closes the file at the write that failed and
 * opens it again at the next request; a write that fits in the file's own free space then
 * succeeds, so while the disk stays full a request is answered either 201 (it executed once and
 * its record is stored) or 503 (nothing executed), never anything else. Once space is freed the
 * store serves again within seconds, and the key completed before the outage still replays.
 * Neither writes a trace file that would eat the space freed.
 */
class StoreDiskFullTest {

    private static final Duration RECOVERY_BOUND = Duration.ofSeconds(15);

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"jdbc:h2:file:", "mvstore:"})
    void aFullDiskFailsClosedAndTheStoreRecoversOnceSpaceIsFreed(String urlPrefix) throws Exception {
        try (SmallVolume mounted = SmallVolume.mount(workDir.resolve("store-volume"))) {
            Path volume = mounted.dir();
            Path config = new OpsConfig().store(urlPrefix + volume.resolve("agent"), null, null).writeTo(workDir);
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config).start()) {
                AtomicInteger keys = new AtomicInteger();
                List<String> executed = new ArrayList<>();
                Http.Response before = Orders.create(demo.baseUri(), "before-full", "", Http.DEFAULT_TIMEOUT);
                assertThat(before.status()).as(before.body()).isEqualTo(201);
                executed.add("before-full");
                // Its outcome is written behind the answer; a replay waits for that write, so the record
                // from before the outage is stored before the disk fills.
                assertThat(Orders.create(demo.baseUri(), "before-full", "", Http.DEFAULT_TIMEOUT).header("Idempotent-Replayed"))
                        .hasValue("true");

                Path filler = volume.resolve("filler");
                SmallVolume.fill(filler);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> {
                    String key = "while-full-" + keys.incrementAndGet();
                    Http.Response answer = Orders.create(demo.baseUri(), key, "", Http.DEFAULT_TIMEOUT);
                    if (answer.status() == 201) {
                        executed.add(key);
                    }
                    return answer.status() == 503;
                });
                int refused = 0;
                for (int i = 0; i < 10; i++) {
                    String key = "while-full-" + keys.incrementAndGet();
                    Http.Response answer = Orders.create(demo.baseUri(), key, "", Http.DEFAULT_TIMEOUT);
                    assertThat(answer.status()).as(answer.body()).isIn(201, 503);
                    if (answer.status() == 201) {
                        executed.add(key);
                    } else {
                        assertThat(Orders.problemType(answer)).endsWith(Orders.STORE_UNAVAILABLE);
                        refused++;
                    }
                }
                assertThat(refused).as("refused while the disk is full").isPositive();
                // A replay while full: the stored answer, or 503 while the file is closed; never a second execution.
                Http.Response replayWhileFull = Orders.create(demo.baseUri(), "before-full", "", Http.DEFAULT_TIMEOUT);
                assertThat(replayWhileFull.status()).as(replayWhileFull.body()).isIn(201, 503);
                if (replayWhileFull.status() == 201) {
                    assertThat(replayWhileFull.header("Idempotent-Replayed")).hasValue("true");
                }

                Files.delete(filler);
                long freedAt = System.nanoTime();
                await().atMost(RECOVERY_BOUND).pollInterval(Duration.ofMillis(250)).until(() -> {
                    String key = "after-free-" + keys.incrementAndGet();
                    Http.Response answer = Orders.create(demo.baseUri(), key, "", Http.DEFAULT_TIMEOUT);
                    if (answer.status() == 201) {
                        executed.add(key);
                    }
                    return answer.status() == 201;
                });
                System.out.printf("store served again %d ms after the space was freed%n",
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - freedAt));

                Http.Response replay = Orders.create(demo.baseUri(), "before-full", "", Http.DEFAULT_TIMEOUT);
                assertThat(replay.status()).isEqualTo(201);
                assertThat(replay.header("Idempotent-Replayed")).as("the record from before the outage").hasValue("true");
                assertThat(Orders.items(demo.baseUri())).as("only requests answered 201 executed, each once")
                        .containsExactlyInAnyOrderElementsOf(executed);
                try (Stream<Path> files = Files.list(volume)) {
                    assertThat(files.map(path -> path.getFileName().toString())).noneMatch(name -> name.endsWith(".trace.db"));
                }
            }
        }
    }
}
