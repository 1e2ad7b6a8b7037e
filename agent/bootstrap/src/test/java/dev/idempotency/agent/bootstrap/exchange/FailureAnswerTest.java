package dev.idempotency.agent.bootstrap.exchange;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.RecordingReceipt;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The agent's 500, over a runtime's response that records what it is asked to write, and fails where told. */
class FailureAnswerTest {

    private final Verdict replay = Verdict.respond(200, Map.of(), new byte[0], new RecordingReceipt());

    @Test
    void theProblemBodyWhenTheRuntimeCanWriteIt() {
        RecordingWriter writer = new RecordingWriter(false, false);

        assertThat(FailureAnswer.write(replay, writer)).isEqualTo(500);
        assertThat(writer.written).containsExactly("500 application/problem+json " + RecordingReceipt.FAILURE_BODY);
    }

    @Test
    void theRuntimesOwnErrorWhenTheBodyCannotBeWritten() {
        RecordingWriter writer = new RecordingWriter(true, false);

        assertThat(FailureAnswer.write(replay, writer)).isEqualTo(500);
        assertThat(writer.written).containsExactly("error 500");
    }

    @Test
    void nothingSentIsStatusZero() {
        RecordingWriter writer = new RecordingWriter(true, true);

        assertThat(FailureAnswer.write(replay, writer)).isZero();
        assertThat(writer.written).isEmpty();
    }

    private static final class RecordingWriter implements FailureAnswer.Writer {

        final List<String> written = new ArrayList<>();
        private final boolean wholeFails;
        private final boolean errorFails;

        RecordingWriter(boolean wholeFails, boolean errorFails) {
            this.wholeFails = wholeFails;
            this.errorFails = errorFails;
        }

        @Override
        public void writeWhole(int status, String contentType, byte[] body) {
            if (wholeFails) {
                throw new IllegalStateException("the response is committed");
            }
            written.add(status + " " + contentType + " " + new String(body, UTF_8));
        }

        @Override
        public void sendError(int status) {
            if (errorFails) {
                throw new IllegalStateException("the response is committed");
            }
            written.add("error " + status);
        }
    }
}
