package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What an application answered, as an adapter would capture it. */
public final class TestResponse implements CapturedResponse {

    private final int status;
    private final Map<String, List<String>> headers = new LinkedHashMap<>();
    private byte[] body = new byte[0];
    private boolean complete = true;

    private TestResponse(int status) {
        this.status = status;
    }

    public static TestResponse status(int status) {
        return new TestResponse(status);
    }

    public TestResponse header(String name, String... values) {
        headers.put(name, List.of(values));
        return this;
    }

    public TestResponse body(String text) {
        this.body = text.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** The adapter stopped copying: only a prefix is known. */
    public TestResponse incomplete() {
        this.complete = false;
        return this;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public Map<String, List<String>> headers() {
        return headers;
    }

    @Override
    public byte[] body() {
        return body;
    }

    @Override
    public boolean bodyComplete() {
        return complete;
    }
}
