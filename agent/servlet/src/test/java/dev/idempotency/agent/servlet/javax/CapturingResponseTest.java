package dev.idempotency.agent.servlet.javax;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import javax.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;

/**
 * The application's Content-Length reaches the container only after the outcome is stored: a
 * container that sees the announced length written ends the response on the wire at once, and a
 * client repeating the request then would get "in progress".
 */
class CapturingResponseTest {

    private final List<String> calls = new ArrayList<>();
    private boolean committed;

    @Test
    void contentLengthIsHeldBackUntilReleased() {
        CapturingResponse response = new CapturingResponse(container(), 1024);

        response.setContentLength(26);
        response.setHeader("content-length", "26");
        response.addIntHeader("Content-Length", 26);
        response.setHeader("Location", "/orders/1");

        assertThat(calls).containsExactly("setHeader Location /orders/1");

        response.releaseContentLength();

        assertThat(calls).containsExactly("setHeader Location /orders/1", "setHeader Content-Length 26");
    }

    @Test
    void aCommittedResponseKeepsGoingWithoutTheLength() {
        CapturingResponse response = new CapturingResponse(container(), 1024);
        response.setContentLengthLong(100_000);
        committed = true;

        response.releaseContentLength();

        assertThat(calls).isEmpty();
    }

    @Test
    void resetForgetsTheLength() {
        CapturingResponse response = new CapturingResponse(container(), 1024);
        response.setContentLength(26);

        response.reset();
        response.releaseContentLength();

        assertThat(calls).containsExactly("reset");
    }

    private HttpServletResponse container() {
        return (HttpServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    if (method.getName().equals("isCommitted")) {
                        return committed;
                    }
                    StringBuilder call = new StringBuilder(method.getName());
                    for (Object arg : args == null ? new Object[0] : args) {
                        call.append(' ').append(arg);
                    }
                    calls.add(call.toString());
                    return null;
                });
    }
}
