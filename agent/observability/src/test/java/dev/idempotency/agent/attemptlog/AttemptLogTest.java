package dev.idempotency.agent.attemptlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class AttemptLogTest {

    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @Test
    void writesEachEventAsOneLineInOrderAndFlushesWhenClosed() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AttemptLog log = AttemptLog.start(AttemptLogSettings.builder().build(), new StreamSink(out),
                (where, e) -> failures.add(e));
        for (int i = 1; i <= 3; i++) {
            log.onAttempt(Events.executed().requestId("req-" + i).build());
        }
        log.close(Duration.ofSeconds(5));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).contains("\"http.request.id\":\"req-1\"");
        assertThat(lines.get(2)).contains("\"http.request.id\":\"req-3\"");
        assertThat(log.droppedEvents()).isZero();
        assertThat(failures).isEmpty();
    }

    @Test
    void writesALoneEventSoonWithoutWaitingForMoreOrForTheClose() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AttemptLog log = AttemptLog.start(AttemptLogSettings.builder().build(), new StreamSink(out),
                (where, e) -> failures.add(e));
        log.onAttempt(Events.executed().requestId("alone").build());
        await().atMost(Duration.ofSeconds(5))
                .until(() -> out.toString(StandardCharsets.UTF_8).contains("\"http.request.id\":\"alone\""));
        log.close();
        assertThat(failures).isEmpty();
    }

    @Test
    void dropsAndCountsEventsWhenTheSinkFallsBehindInsteadOfBlockingTheRequest() throws Exception {
        BlockedSink sink = new BlockedSink();
        AttemptLog log = AttemptLog.start(AttemptLogSettings.builder().queueCapacity(2).build(), sink,
                (where, e) -> failures.add(e));
        log.onAttempt(Events.executed().requestId("taken-by-the-writer").build());
        sink.writing.await();
        long started = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            log.onAttempt(Events.executed().build());
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(1));
        assertThat(log.droppedEvents()).isEqualTo(3);
        sink.release.countDown();
        log.close(Duration.ofSeconds(5));
        assertThat(sink.lines).hasSize(3);
    }

    @Test
    void countsLinesTheSinkFailedToWriteAndReportsTheFailure() {
        EventSink broken = new EventSink() {
            @Override
            public void write(String line) throws IOException {
                throw new IOException("disk full");
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        AttemptLog log = AttemptLog.start(AttemptLogSettings.builder().build(), broken, (where, e) -> failures.add(e));
        log.onAttempt(Events.executed().build());
        log.onAttempt(Events.executed().build());
        await().atMost(Duration.ofSeconds(5)).until(() -> log.droppedEvents() == 2);
        assertThat(failures).extracting(Throwable::getMessage).contains("disk full");
        log.close();
    }

    /** A sink whose first write blocks until released, as a stalled disk would. */
    private static final class BlockedSink implements EventSink {
        final CountDownLatch writing = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> lines = new CopyOnWriteArrayList<>();

        @Override
        public void write(String line) {
            writing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            lines.add(line);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
