package dev.idempotency.agent.attemptlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamSinkTest {

    /** Each write call the sink made, as text. */
    private final List<String> calls = new ArrayList<>();
    private final StreamSink sink = new StreamSink(new OutputStream() {
        @Override
        public void write(int b) {
            throw new AssertionError("one byte at a time would let another writer's bytes in");
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            calls.add(new String(bytes, offset, length, StandardCharsets.UTF_8));
        }
    });

    @Test
    void writesWholeLinesTogetherInCallsAPipeKeepsWhole() throws Exception {
        List<String> written = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String line = "{\"line\":" + i + ",\"pad\":\"" + "x".repeat(300) + "\"}";
            written.add(line);
            sink.write(line);
        }
        sink.flush();

        assertThat(calls).hasSizeBetween(4, 10);
        for (String call : calls) {
            assertThat(call.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(StreamSink.WRITE_BYTES);
            assertThat(call).endsWith("\n");
        }
        assertThat(String.join("", calls).lines()).containsExactlyElementsOf(written);
    }

    @Test
    void writesALineLongerThanOneCallAloneAndWhole() throws Exception {
        String longLine = "y".repeat(StreamSink.WRITE_BYTES + 100);
        sink.write("before");
        sink.write(longLine);
        sink.write("after");
        sink.close();

        assertThat(calls).containsExactly("before\n", longLine + "\n", "after\n");
    }

    @Test
    void writesNothingUntilFlushedAndNothingWhenEmpty() throws Exception {
        sink.write("held");
        assertThat(calls).isEmpty();
        sink.flush();
        sink.flush();
        assertThat(calls).containsExactly("held\n");
    }
}
