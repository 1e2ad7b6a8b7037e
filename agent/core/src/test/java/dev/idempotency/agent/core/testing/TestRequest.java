package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.bootstrap.RequestView;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A request as an adapter would describe it; built with {@link #post(String)} and friends. */
public final class TestRequest implements RequestView {

    private final String method;
    private final String path;
    private final Map<String, List<String>> headers;
    private final Map<String, List<String>> query;
    private final String principal;
    private final byte[] body;
    private final long contentLength;
    private final IOException bodyFailure;
    private final Class<?> entryPoint;
    private int bodyReads;

    private TestRequest(Builder b) {
        this.method = b.method;
        this.path = b.path;
        this.headers = b.headers;
        this.query = b.query;
        this.principal = b.principal;
        this.body = b.body;
        this.contentLength = b.contentLength == null ? b.body.length : b.contentLength;
        this.bodyFailure = b.bodyFailure;
        this.entryPoint = b.entryPoint;
    }

    public static Builder post(String path) {
        return request("POST", path);
    }

    public static Builder request(String method, String path) {
        Builder b = new Builder();
        b.method = method;
        b.path = path;
        return b;
    }

    public int bodyReads() {
        return bodyReads;
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public Class<?> entryPoint() {
        return entryPoint;
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    /** The query parameters given to the builder, encoded in the order given. */
    @Override
    public String rawQuery() {
        if (query.isEmpty()) {
            return null;
        }
        List<String> pairs = new ArrayList<>();
        for (Map.Entry<String, List<String>> parameter : query.entrySet()) {
            for (String value : parameter.getValue()) {
                pairs.add(URLEncoder.encode(parameter.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(value, StandardCharsets.UTF_8));
            }
        }
        return String.join("&", pairs);
    }

    @Override
    public String principal() {
        return principal;
    }

    @Override
    public long contentLength() {
        return contentLength;
    }

    @Override
    public byte[] body(int limit) throws IOException {
        bodyReads++;
        if (bodyFailure != null) {
            throw bodyFailure;
        }
        return body.length > limit ? null : body;
    }

    /** Collects a request's parts. */
    public static final class Builder {
        private String method;
        private String path;
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private final Map<String, List<String>> query = new LinkedHashMap<>();
        private String principal;
        private byte[] body = new byte[0];
        private Long contentLength;
        private IOException bodyFailure;
        private Class<?> entryPoint;

        /** The class the host handed the request to (a servlet, a resource). */
        public Builder entryPoint(Class<?> entryPoint) {
            this.entryPoint = entryPoint;
            return this;
        }

        /** Adds one header line (call again for another line of the same name). */
        public Builder header(String name, String value) {
            headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(value);
            return this;
        }

        public Builder key(String key) {
            return header("Idempotency-Key", key);
        }

        public Builder query(String name, String... values) {
            query.computeIfAbsent(name, k -> new ArrayList<>()).addAll(List.of(values));
            return this;
        }

        public Builder principal(String principal) {
            this.principal = principal;
            return this;
        }

        public Builder body(String body) {
            return body(body.getBytes(StandardCharsets.UTF_8));
        }

        public Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        /** -1 for a chunked body; by default the body's length. */
        public Builder contentLength(long contentLength) {
            this.contentLength = contentLength;
            return this;
        }

        public Builder bodyFailure(IOException failure) {
            this.bodyFailure = failure;
            return this;
        }

        public TestRequest build() {
            return new TestRequest(this);
        }
    }
}
