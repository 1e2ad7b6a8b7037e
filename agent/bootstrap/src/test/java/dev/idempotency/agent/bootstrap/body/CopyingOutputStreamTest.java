package dev.idempotency.agent.bootstrap.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end of the entity is announced before the client can hold the whole response, and the bytes that complete it are flushed. */
class CopyingOutputStreamTest {

    private final ByteArrayOutputStream client = new ByteArrayOutputStream();
    private final ResponseBodyCopy copy = new ResponseBodyCopy(1024);
    private final List<String> seenAtEnd = new ArrayList<>();

    @Test
    void aDeclaredLengthIsAnnouncedBeforeTheWriteThatCompletesItReachesTheClient() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, end(11));

        out.write("hello ".getBytes(StandardCharsets.UTF_8));
        out.write("world".getBytes(StandardCharsets.UTF_8));
        out.close();

        // Each end is told; the adapter's hook takes the outcome at the first.
        assertThat(seenAtEnd).containsExactly("client had 'hello ', copy had 'hello world'",
                "client had 'hello world', copy had 'hello world'");
        assertThat(client.toString(StandardCharsets.UTF_8)).isEqualTo("hello world");
    }

    @Test
    void singleByteWritesHoldBackTheLastOneToo() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, end(2));

        out.write('o');
        out.write('k');
        out.close();

        assertThat(seenAtEnd).containsExactly("client had 'o', copy had 'ok'", "client had 'ok', copy had 'ok'");
    }

    @Test
    void withoutADeclaredLengthTheEndIsTheClose() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, end(-1));

        out.write("chunked".getBytes(StandardCharsets.UTF_8));
        assertThat(seenAtEnd).isEmpty();
        out.close();

        assertThat(seenAtEnd).containsExactly("client had 'chunked', copy had 'chunked'");
    }

    private ResponseEnd end(long declaredLength) {
        ResponseEnd end = new ResponseEnd();
        end.onEnd(this::recordEnd);
        end.declare(declaredLength);
        return end;
    }

    private void recordEnd() {
        seenAtEnd.add("client had '" + client.toString(StandardCharsets.UTF_8) + "', copy had '"
                + new String(copy.bytes(), StandardCharsets.UTF_8) + "'");
    }
}
