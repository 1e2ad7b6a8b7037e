package dev.idempotency.agent.servlet.javax;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.body.CaptureBudget;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.Socket;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.servlet.ServletOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the servlet adapter records of a response is what the client received from Tomcat: the
 * same bytes through the writer (in the response's charset) and through the stream, the same
 * status and headers, whatever the application flushed, reset or closed; a body past the copy's
 * limit or the JVM's capture budget reaches the client whole and is recorded as cut. One outcome
 * per request, recorded before the client has the response.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CapturingResponseOnTomcatTest {

    /** Text that needs more than one byte per character in UTF-8, and a pair of surrogates. */
    private static final String TEXT = "Grüße aus Köln, 日本語, \uD83D\uDE00!";

    @RegisterExtension
    static final AdvisedTomcat tomcat = new AdvisedTomcat();

    // ---- the writer ----

    @Test
    void theWriterInTheResponsesCharsetRecordsTheBytesTheClientGot() throws Exception {
        tomcat.serve((request, response) -> {
            response.setContentType("text/plain; charset=UTF-8");
            PrintWriter writer = response.getWriter();
            for (char c : TEXT.toCharArray()) {
                writer.write(c); // the surrogate pair in two writes
            }
            writer.print(42);
            writer.println();
            writer.printf("%s|%d%n", "ä", 7);
            writer.append("end", 0, 2).write("d".toCharArray(), 0, 1);
            writer.close();
        });

        HttpResponse<byte[]> received = post();

        String expected = TEXT + "42" + System.lineSeparator() + "ä|7" + System.lineSeparator() + "end";
        assertThat(new String(received.body(), UTF_8)).isEqualTo(expected);
        assertRecordedAsReceived(received);
    }

    @Test
    void withoutACharsetTheWriterRecordsWhatTomcatEncoded() throws Exception {
        tomcat.serve((request, response) -> {
            response.setContentType("text/plain");
            response.getWriter().write("café, naïve");
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).isEqualTo("café, naïve".getBytes(ISO_8859_1));
        assertRecordedAsReceived(received);
    }

    @Test
    void aCharsetSetAloneIsTheWritersCharset() throws Exception {
        tomcat.serve((request, response) -> {
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write(TEXT);
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).isEqualTo(TEXT.getBytes(UTF_8));
        assertRecordedAsReceived(received);
    }

    @Test
    void aLongTextWrittenInPiecesWithFlushesInBetweenIsRecordedWhole() throws Exception {
        String line = TEXT + " line of a long answer\n";
        tomcat.serve((request, response) -> {
            response.setContentType("text/plain; charset=UTF-8");
            PrintWriter writer = response.getWriter();
            for (int i = 0; i < 2_000; i++) {
                writer.write(line);
                if (i % 300 == 0) {
                    writer.flush();
                }
            }
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).hasSize(2_000 * line.getBytes(UTF_8).length);
        assertRecordedAsReceived(received);
    }

    @Test
    void aCharsetWithAByteOrderMarkIsRecordedWithTheOneMarkTheClientGot() throws Exception {
        tomcat.serve((request, response) -> {
            response.setContentType("text/plain; charset=UTF-16");
            PrintWriter writer = response.getWriter();
            writer.write(TEXT);
            writer.write("x".repeat(5_000)); // past what the copy encodes at once
            writer.write(TEXT);
        });

        HttpResponse<byte[]> received = post();

        assertThat(new String(received.body(), "UTF-16")).isEqualTo(TEXT + "x".repeat(5_000) + TEXT);
        assertRecordedAsReceived(received);
    }

    // ---- the stream ----

    @Test
    void theStreamRecordsTheBytesTheClientGot() throws Exception {
        byte[] body = randomBytes(200_000);
        tomcat.serve((request, response) -> {
            response.setContentType("application/octet-stream");
            ServletOutputStream out = response.getOutputStream();
            out.write(body[0]);
            out.write(body, 1, 99);
            out.flush();
            out.write(body, 100, body.length - 100);
            out.close();
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).isEqualTo(body);
        assertRecordedAsReceived(received);
    }

    @Test
    void statusAndHeadersAreRecordedAsSent() throws Exception {
        tomcat.serve((request, response) -> {
            response.setStatus(201);
            response.setHeader("Location", "/orders/1");
            response.addHeader("X-Trace", "a");
            response.addHeader("X-Trace", "b");
            response.setContentType("application/json");
            response.getOutputStream().write("{\"id\":1}".getBytes(UTF_8));
        });

        HttpResponse<byte[]> received = post();

        RecordingGate.Outcome outcome = assertRecordedAsReceived(received);
        assertThat(outcome.response.headers()).containsEntry("Location", List.of("/orders/1"))
                .containsEntry("X-Trace", List.of("a", "b"))
                .containsEntry("Content-Type", List.of("application/json"));
        assertThat(received.headers().allValues("X-Trace")).containsExactly("a", "b");
        assertThat(received.headers().firstValue("Location")).hasValue("/orders/1");
    }

    @Test
    void whatAResetBufferDiscardedIsNeitherSentNorRecorded() throws Exception {
        tomcat.serve((request, response) -> {
            response.getWriter().write("draft");
            response.resetBuffer();
            response.getWriter().write("final");
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).asString(ISO_8859_1).isEqualTo("final");
        assertRecordedAsReceived(received);
    }

    @Test
    void whatAResetDiscardedIsNeitherSentNorRecorded() throws Exception {
        tomcat.serve((request, response) -> {
            response.setStatus(201);
            response.setHeader("X-Draft", "yes");
            response.getWriter().write("draft");
            response.reset();
            response.setStatus(202);
            response.getWriter().write("final");
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.statusCode()).isEqualTo(202);
        assertThat(received.headers().firstValue("X-Draft")).isEmpty();
        assertThat(received.body()).asString(ISO_8859_1).isEqualTo("final");
        assertThat(assertRecordedAsReceived(received).response.headers()).doesNotContainKey("X-Draft");
    }

    @Test
    void aClientThatLeftWhileTheWriterWroteIsRecordedAsGone() throws Exception {
        CountDownLatch clientLeft = new CountDownLatch(1);
        tomcat.serve((request, response) -> {
            PrintWriter writer = response.getWriter();
            writer.write("x".repeat(10_000));
            writer.flush();
            awaitQuietly(clientLeft);
            for (int i = 0; i < 200; i++) { // the writer keeps quiet about failed writes
                writer.write("y".repeat(50_000));
                writer.flush();
            }
        });

        try (Socket client = new Socket(tomcat.uri("/").getHost(), tomcat.uri("/").getPort())) {
            client.getOutputStream().write(("POST /orders HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\n\r\n{}")
                    .getBytes(ISO_8859_1));
            assertThat(new String(client.getInputStream().readNBytes(12), ISO_8859_1)).isEqualTo("HTTP/1.1 200");
            client.setSoLinger(true, 0); // a reset, as a client that gave up
        } finally {
            clientLeft.countDown();
        }
        tomcat.serviceReturned().get(20, TimeUnit.SECONDS);

        assertThat(tomcat.gate.only().clientGone).isTrue();
    }

    @Test
    void aFailureBeforeTheResponseWasCommittedIsRecordedAsTomcats500() throws Exception {
        tomcat.serve((request, response) -> {
            response.setStatus(201);
            response.getWriter().write("half");
            throw new IllegalStateException("the application failed");
        });

        HttpResponse<byte[]> received = post();

        assertThat(received.statusCode()).isEqualTo(500);
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.status()).isEqualTo(500);
        assertThat(outcome.failure).hasMessage("the application failed");
    }

    // ---- the declared length: the outcome before the last byte ----

    @Test
    void theBytesCompletingTheDeclaredLengthReachTheClientWithTheLengthAfterTheOutcomeIsRecorded() throws Exception {
        byte[] body = randomBytes(5_000);
        CountDownLatch clientHasIt = new CountDownLatch(1);
        tomcat.serve((request, response) -> {
            response.setContentLength(body.length);
            ServletOutputStream out = response.getOutputStream();
            out.write(body, 0, 1_000);
            out.write(body, 1_000, body.length - 1_000);
            awaitQuietly(clientHasIt); // the handler goes on long after the response is out
        });

        try {
            HttpResponse<byte[]> received = post();

            assertThat(tomcat.gate.outcomes()).as("recorded by the time the client has the response").hasSize(1);
            assertThat(received.headers().firstValueAsLong("Content-Length")).hasValue(body.length);
            assertThat(received.body()).isEqualTo(body);
            assertRecordedAsReceived(received);
        } finally {
            clientHasIt.countDown();
        }
        tomcat.serviceReturned().get(10, TimeUnit.SECONDS);
        assertThat(tomcat.gate.outcomes()).as("once, though the handler returned after").hasSize(1);
    }

    @Test
    void theWriterCountsTheDeclaredLengthInTheBytesOfItsCharset() throws Exception {
        byte[] encoded = TEXT.getBytes(UTF_8);
        CountDownLatch clientHasIt = new CountDownLatch(1);
        tomcat.serve((request, response) -> {
            response.setContentType("text/plain; charset=UTF-8");
            response.setContentLength(encoded.length);
            response.getWriter().write(TEXT);
            awaitQuietly(clientHasIt);
        });

        try {
            HttpResponse<byte[]> received = post();

            assertThat(tomcat.gate.outcomes()).as("recorded by the time the client has the response").hasSize(1);
            assertThat(received.headers().firstValueAsLong("Content-Length")).hasValue(encoded.length);
            assertRecordedAsReceived(received);
        } finally {
            clientHasIt.countDown();
        }
    }

    // ---- bodies the copy does not keep ----

    @Test
    void aBodyPastTheCopysLimitReachesTheClientWholeAndIsRecordedAsCut() throws Exception {
        tomcat.gate.captureLimit = 10_000;
        String text = "x".repeat(50_000);
        tomcat.serve((request, response) -> response.getWriter().write(text));

        HttpResponse<byte[]> received = post();

        assertThat(received.body()).asString(ISO_8859_1).isEqualTo(text);
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.bodyComplete()).isFalse();
        assertThat(outcome.response.body()).isEmpty();
    }

    @Test
    void aBodyPastTheCaptureBudgetReachesTheClientWholeAndIsRecordedAsCut() throws Exception {
        byte[] body = randomBytes(20_000);
        long budget = CaptureBudget.total();
        CaptureBudget.set(5_000);
        try {
            tomcat.serve((request, response) -> response.getOutputStream().write(body));

            HttpResponse<byte[]> received = post();

            assertThat(received.body()).isEqualTo(body);
            RecordingGate.Outcome outcome = tomcat.gate.only();
            assertThat(outcome.response.bodyComplete()).isFalse();
            assertThat(outcome.response.body()).isEmpty();
        } finally {
            CaptureBudget.set(budget);
        }
        assertThat(CaptureBudget.available()).as("nothing kept of the budget").isEqualTo(budget);
    }

    // ---- helpers ----

    /** A new request; its outcome is the only one the gate then holds. */
    private static HttpResponse<byte[]> post() throws IOException, InterruptedException {
        tomcat.gate.clear();
        return tomcat.send(tomcat.request("/orders").POST(BodyPublishers.ofString("{}")));
    }

    /** The one outcome, equal to what the client received: status, body, and the whole body kept. */
    private static RecordingGate.Outcome assertRecordedAsReceived(HttpResponse<byte[]> received) {
        RecordingGate.Outcome outcome = tomcat.gate.only();
        assertThat(outcome.response.status()).isEqualTo(received.statusCode());
        assertThat(outcome.response.bodyComplete()).isTrue();
        assertThat(outcome.response.body()).isEqualTo(received.body());
        assertThat(outcome.failure).isNull();
        received.headers().firstValue("Content-Type").ifPresent(type -> assertThat(outcome.response.headers())
                .containsEntry("Content-Type", List.of(type)));
        return outcome;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return bytes;
    }
}
