package dev.idempotency.agent.servlet.javax;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.ServletOutputStream;
import javax.servlet.WriteListener;
import javax.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

/**
 * The end of the response is announced before the container can send it: before the close, and
 * before the bytes that complete the declared length, which are then flushed.
 */
class ResponseEndTest {

    private final List<String> calls = new ArrayList<>();
    private final CapturingResponse response = new CapturingResponse(container(), 1024);

    ResponseEndTest() {
        response.onEnd(() -> calls.add("end"));
    }

    @Test
    void closingTheStreamEndsTheResponseBeforeTheContainerClosesIt() throws IOException {
        response.getOutputStream().write("{}".getBytes(StandardCharsets.UTF_8));
        response.getOutputStream().close();

        assertThat(calls).containsExactly("write 2", "end", "close");
    }

    @Test
    void closingTheWriterEndsTheResponseBeforeTheContainerClosesIt() throws IOException {
        response.getWriter().write("{}");
        response.getWriter().close();

        assertThat(calls).containsExactly("write {}", "end", "close");
    }

    @Test
    void theBytesThatCompleteTheDeclaredLengthGoOutAfterTheEndAndAreFlushed() throws IOException {
        response.setContentLength(5);
        ServletOutputStream out = response.getOutputStream();

        out.write("abc".getBytes(StandardCharsets.UTF_8));
        out.write("de".getBytes(StandardCharsets.UTF_8));

        assertThat(calls).containsExactly("write 3", "end", "write 2", "flush");
        assertThat(response.captured(null).body()).asString(StandardCharsets.UTF_8).isEqualTo("abcde");
    }

    @Test
    void theWriterCountsTheDeclaredLengthInEncodedBytes() throws IOException {
        response.setContentLength(4); // "é" is two bytes in UTF-8
        PrintWriter writer = response.getWriter();

        writer.write("é");
        writer.write("a");
        writer.write("b");

        assertThat(calls).containsExactly("write é", "write a", "end", "write b", "flush");
    }

    @Test
    void aResetBufferCountsTheLengthFromTheStartAgain() throws IOException {
        response.setContentLength(3);
        ServletOutputStream out = response.getOutputStream();
        out.write(new byte[2]);
        response.resetBuffer();

        out.write(new byte[2]);
        assertThat(calls).doesNotContain("end");
        out.write(new byte[1]);

        assertThat(calls).containsSubsequence("end", "write 1", "flush");
    }

    private HttpServletResponse container() {
        ServletOutputStream stream = new ServletOutputStream() {
            @Override
            public void write(int b) {
                calls.add("write 1");
            }

            @Override
            public void write(byte[] buffer, int offset, int length) {
                calls.add("write " + length);
            }

            @Override
            public void flush() {
                calls.add("flush");
            }

            @Override
            public void close() {
                calls.add("close");
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
            }
        };
        PrintWriter writer = new PrintWriter(new Writer() {
            @Override
            public void write(char[] buffer, int offset, int length) {
                calls.add("write " + new String(buffer, offset, length));
            }

            @Override
            public void flush() {
                calls.add("flush");
            }

            @Override
            public void close() {
                calls.add("close");
            }
        });
        return (HttpServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getOutputStream":
                            return stream;
                        case "getWriter":
                            return writer;
                        case "getCharacterEncoding":
                            return "UTF-8";
                        case "getStatus":
                            return 200;
                        case "isCommitted":
                            return false;
                        case "getHeaderNames":
                            return List.of();
                        default:
                            return null;
                    }
                });
    }
}
