package dev.idempotency.agent.bootstrap.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end of the entity is announced before the client can hold the whole response. */
class CopyingOutputStreamTest {

    private final ByteArrayOutputStream client = new ByteArrayOutputStream();
    private final ResponseBodyCopy copy = new ResponseBodyCopy(1024);
    private final List<String> seenAtEnd = new ArrayList<>();

    @Test
    void aDeclaredLengthIsAnnouncedBeforeItsLastByteReachesTheClient() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, this::recordEnd, 11);

        out.write("hello ".getBytes(StandardCharsets.UTF_8));
        out.write("world".getBytes(StandardCharsets.UTF_8));
        out.close();

        assertThat(seenAtEnd).containsExactly("client had 'hello worl', copy had 'hello world'");
        assertThat(client.toString(StandardCharsets.UTF_8)).isEqualTo("hello world");
    }

    @Test
    void singleByteWritesHoldBackTheLastOneToo() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, this::recordEnd, 2);

        out.write('o');
        out.write('k');
        out.close();

        assertThat(seenAtEnd).containsExactly("client had 'o', copy had 'ok'");
    }

    @Test
    void withoutADeclaredLengthTheEndIsTheClose() throws Exception {
        CopyingOutputStream out = new CopyingOutputStream(client, copy, this::recordEnd, -1);

        out.write("chunked".getBytes(StandardCharsets.UTF_8));
        assertThat(seenAtEnd).isEmpty();
        out.close();

        assertThat(seenAtEnd).containsExactly("client had 'chunked', copy had 'chunked'");
    }

    private void recordEnd() {
        seenAtEnd.add("client had '" + client.toString(StandardCharsets.UTF_8) + "', copy had '"
                + new String(copy.bytes(), StandardCharsets.UTF_8) + "'");
    }
}
