package dev.idempotency.agent.bootstrap.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The body read ahead of the application: whole within the limit, and handed back whole past it. */
class RequestBodyTest {

    private static final byte[] ORDER = "{\"item\":\"book\",\"quantity\":1}".getBytes(StandardCharsets.UTF_8);

    @Test
    void aBodyOfItsDeclaredLengthIsReadWhole() throws IOException {
        RequestBody body = RequestBody.read(new ByteArrayInputStream(ORDER), 1_000, ORDER.length);

        assertThat(body.complete()).isTrue();
        assertThat(body.bytes()).isEqualTo(ORDER);
        assertThat(body.replay()).hasBinaryContent(ORDER);
    }

    @Test
    void aBodyOfUnknownLengthGrowsItsBufferAsItComesInPieces() throws IOException {
        byte[] large = bytes(3 * RequestBody.UNKNOWN_LENGTH_START + 17);

        RequestBody body = RequestBody.read(trickling(large, 100), 10_000, -1);

        assertThat(body.complete()).isTrue();
        assertThat(body.bytes()).isEqualTo(large);
    }

    @Test
    void aBodyLongerThanDeclaredIsStillReadWhole() throws IOException {
        RequestBody body = RequestBody.read(new ByteArrayInputStream(ORDER), 1_000, 4);

        assertThat(body.complete()).isTrue();
        assertThat(body.bytes()).isEqualTo(ORDER);
    }

    @Test
    void anEmptyBodyIsEmptyAndComplete() throws IOException {
        assertThat(RequestBody.read(new ByteArrayInputStream(new byte[0]), 1_000, 0).bytes()).isEmpty();
        assertThat(RequestBody.read(new ByteArrayInputStream(new byte[0]), 1_000, -1).bytes()).isEmpty();
        assertThat(RequestBody.read(null, 1_000, -1).complete()).isTrue();
    }

    @Test
    void aBodyPastTheLimitStopsOneByteBeyondItAndTheApplicationStillReadsItWhole() throws IOException {
        byte[] large = bytes(5_000);

        for (long declared : new long[] {large.length, -1}) {
            RequestBody body = RequestBody.read(trickling(large, 333), 2_000, declared);

            assertThat(body.complete()).as("declared %d", declared).isFalse();
            assertThat(body.bytes()).as("declared %d", declared).isEqualTo(Arrays.copyOf(large, 2_001));
            assertThat(body.replay()).as("declared %d", declared).hasBinaryContent(large);
        }
    }

    @Test
    void aBodyOfExactlyTheLimitIsComplete() throws IOException {
        byte[] exact = bytes(2_000);

        assertThat(RequestBody.read(trickling(exact, 700), 2_000, -1).complete()).isTrue();
        assertThat(RequestBody.read(trickling(exact, 700), 2_000, exact.length).bytes()).isEqualTo(exact);
    }

    private static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        return bytes;
    }

    /** A stream that gives at most {@code piece} bytes a read, as a socket does. */
    private static InputStream trickling(byte[] bytes, int piece) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return super.read(buffer, offset, Math.min(length, piece));
            }
        };
    }
}
