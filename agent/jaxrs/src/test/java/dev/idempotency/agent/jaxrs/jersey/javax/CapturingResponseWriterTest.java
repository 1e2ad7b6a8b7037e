package dev.idempotency.agent.jaxrs.jersey.javax;

import static dev.idempotency.agent.jaxrs.jersey.javax.JerseyRequests.request;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.jaxrs.RecordingExecution;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.ws.rs.core.Response;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;
import org.junit.jupiter.api.Test;

class CapturingResponseWriterTest {

    private static final Map<String, List<String>> REQUEST_ID = Map.of("Idempotency-Request-Id", List.of("req-1"));

    private final Container container = new Container();
    private final RecordingExecution execution = new RecordingExecution(1024);

    @Test
    void theExecutionGetsTheStatusHeadersAndBodyAsWrittenToTheContainer() throws IOException {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, REQUEST_ID));
        ContainerResponse response = response(Response.status(201).header("Location", "/api/orders/1"));

        OutputStream out = writer.writeResponseStatusAndHeaders(-1, response);
        out.write("{\"id\":1}".getBytes(UTF_8));
        out.close();
        writer.commit();

        RecordingExecution.Outcome outcome = execution.only();
        assertThat(outcome.response.status()).isEqualTo(201);
        assertThat(outcome.response.headers()).containsEntry("Location", List.of("/api/orders/1"))
                .containsEntry("Idempotency-Request-Id", List.of("req-1"));
        assertThat(outcome.response.body()).asString(UTF_8).isEqualTo("{\"id\":1}");
        assertThat(outcome.response.bodyComplete()).isTrue();
        assertThat(outcome.failure).isNull();
        assertThat(container.received.toString(UTF_8)).isEqualTo("{\"id\":1}");
        assertThat(container.calls).containsExactly("writeResponseStatusAndHeaders", "commit");
    }

    @Test
    void theVerdictsHeadersReachTheClient() {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, REQUEST_ID));
        ContainerResponse response = response(Response.ok());

        writer.writeResponseStatusAndHeaders(0, response);

        assertThat(response.getStringHeaders().get("Idempotency-Request-Id")).containsExactly("req-1");
    }

    @Test
    void anEntityOfKnownLengthFinishesTheExecutionBeforeTheWriteThatCompletesItGoesOut() throws IOException {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, Map.of()));
        container.onWrite = () -> container.outcomesSeenAtEachWrite.add(execution.outcomes().size());

        OutputStream out = writer.writeResponseStatusAndHeaders(3, response(Response.ok()));
        out.write(new byte[] {'a', 'b'});
        out.write(new byte[] {'c'});

        assertThat(execution.only().response.body()).asString(UTF_8).isEqualTo("abc");
        assertThat(container.outcomesSeenAtEachWrite).containsExactly(0, 1);
    }

    @Test
    void aFailureBeforeTheStatusWentOutIsRecordedAsTheContainers500() {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, Map.of()));
        IllegalStateException unmapped = new IllegalStateException("no mapper");

        writer.failure(unmapped);

        RecordingExecution.Outcome outcome = execution.only();
        assertThat(outcome.response.status()).isEqualTo(500);
        assertThat(outcome.failure).isSameAs(unmapped);
        assertThat(container.calls).containsExactly("failure");
    }

    @Test
    void aFailureAfterTheStatusWentOutKeepsThatStatus() {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, Map.of()));
        writer.writeResponseStatusAndHeaders(-1, response(Response.status(202)));
        IllegalStateException broken = new IllegalStateException("writer broke");

        writer.failure(broken);

        assertThat(execution.only().response.status()).isEqualTo(202);
        assertThat(execution.only().failure).isSameAs(broken);
    }

    @Test
    void theExecutionFinishesOnceWhateverEndsTheResponse() throws IOException {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, Map.of()));
        OutputStream out = writer.writeResponseStatusAndHeaders(-1, response(Response.ok()));

        out.write('x');
        out.close();
        writer.commit();
        writer.failure(new IllegalStateException("late"));

        assertThat(execution.outcomes()).hasSize(1);
        assertThat(execution.only().failure).isNull();
    }

    @Test
    void aClientThatLeftIsReportedAndTheBodyKept() throws IOException {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(execution, Map.of()));
        container.clientGone = true;
        OutputStream out = writer.writeResponseStatusAndHeaders(-1, response(Response.ok()));

        try {
            out.write("done".getBytes(UTF_8));
        } catch (IOException expected) {
            // the container's stream to a closed connection
        }
        writer.commit();

        assertThat(execution.only().clientGone).isTrue();
        assertThat(execution.only().response.body()).asString(UTF_8).isEqualTo("done");
    }

    @Test
    void unobservedTheResponseOnlyGetsTheHeadersAndGoesStraightToTheContainer() {
        CapturingResponseWriter writer = new CapturingResponseWriter(container, Verdict.proceed(null, REQUEST_ID));
        ContainerResponse response = response(Response.ok());

        OutputStream out = writer.writeResponseStatusAndHeaders(-1, response);
        writer.commit();

        assertThat(out).isSameAs(container.body);
        assertThat(response.getStringHeaders().get("Idempotency-Request-Id")).containsExactly("req-1");
        assertThat(execution.outcomes()).isEmpty();
    }

    private static ContainerResponse response(Response.ResponseBuilder response) {
        return new ContainerResponse(request("POST", "orders"), response.build());
    }

    /** The container under Jersey: what reached the client, and which ending it got. */
    private static final class Container implements ContainerResponseWriter {
        final List<String> calls = new ArrayList<>();
        final List<Integer> outcomesSeenAtEachWrite = new ArrayList<>();
        Runnable onWrite = () -> { };
        boolean clientGone;
        final ByteArrayOutputStream received = new ByteArrayOutputStream();
        final OutputStream body = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                if (clientGone) {
                    throw new IOException("Broken pipe");
                }
                onWrite.run();
                received.write(bytes, offset, length);
            }
        };

        @Override
        public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response) {
            calls.add("writeResponseStatusAndHeaders");
            return body;
        }

        @Override
        public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
            return false;
        }

        @Override
        public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
        }

        @Override
        public void commit() {
            calls.add("commit");
        }

        @Override
        public void failure(Throwable error) {
            calls.add("failure");
        }

        @Override
        public boolean enableResponseBuffering() {
            return false;
        }
    }
}
