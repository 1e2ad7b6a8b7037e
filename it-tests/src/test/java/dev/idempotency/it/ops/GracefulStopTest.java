package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graceful stop (SIGTERM, as a deploy does) under load, on the embedded H2 store at its default
 * URL: outcomes are written just behind their answers, and the agent writes those still queued
 * before the JVM exits, with H2 kept open until then.
 * Every key a client was answered 201 replays after the restart; none is left unknown (requests
 * arriving once the stop began are refused before their claim). The agent
 * then closes the file itself, compacting it: the writer had no idle moment to do so under the
 * load, and a file left as the load wrote it takes 8 KB or more per record.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class GracefulStopTest {

    private static final int CLIENTS = 16;
    /** A compacted file: H2's own pages and the table's definition, and a few hundred bytes a record. */
    private static final long COMPACTED_FILE_BYTES = 256 * 1024;
    private static final long COMPACTED_BYTES_PER_RECORD = 2048;

    @TempDir
    Path workDir;

    @Test
    void everyAnsweredKeyReplaysAfterAStopUnderLoad() throws Exception {
        Map<String, Http.Response> answered = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        // The default URL: with AUTO_SERVER=TRUE (the other ops tests') H2 closes the file from its own hook.
        OpsConfig config = new OpsConfig().store("jdbc:h2:file:./idempotency-store/agent", null, null);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config.writeTo(workDir)).start()) {
            URI beforeStop = demo.baseUri();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                String client = "c" + c;
                running.add(clients.submit(() -> {
                    for (int n = 0; !stop.get(); n++) {
                        String key = client + "-" + n;
                        try {
                            Http.Response response = Orders.create(beforeStop, key, "", Duration.ofSeconds(10));
                            if (response.status() == 201) {
                                answered.put(key, response);
                            }
                        } catch (RuntimeException stopped) {
                            return; // the service went away under this request
                        }
                    }
                }));
            }
            // Stopped while every client has requests going: answered ones, and outcomes still being written.
            await().atMost(Duration.ofSeconds(60)).until(() -> answered.size() >= 4 * CLIENTS);
            demo.stop();
            stop.set(true);
            for (Future<?> client : running) {
                client.get(60, TimeUnit.SECONDS);
            }
            Path file = workDir.resolve("idempotency-store/agent.mv.db");
            long bytes = Files.size(file);
            System.out.printf("GracefulStopTest: %d bytes for %d answered keys after the stop%n", bytes, answered.size());
            assertThat(bytes).as("the store file after the stop, %d keys answered", answered.size())
                    .isLessThanOrEqualTo(COMPACTED_FILE_BYTES + COMPACTED_BYTES_PER_RECORD * answered.size());
            demo.restart();

            List<String> notReplayed = new ArrayList<>();
            for (Map.Entry<String, Http.Response> answer : answered.entrySet()) {
                Http.Response retry = Orders.create(demo.baseUri(), answer.getKey(), "", Http.DEFAULT_TIMEOUT);
                if (retry.status() != 201 || !retry.header("Idempotent-Replayed").isPresent()) {
                    notReplayed.add(answer.getKey() + ": " + retry.status() + " " + retry.body());
                }
            }
            assertThat(notReplayed).as("answered before the stop, not replayed after it (of %d)", answered.size())
                    .isEmpty();
        } finally {
            stop.set(true);
            clients.shutdownNow();
        }
    }
}
