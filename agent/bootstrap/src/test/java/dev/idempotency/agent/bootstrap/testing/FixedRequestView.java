package dev.idempotency.agent.bootstrap.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/** A request with a method, a routed path, a few headers and a body, as a host's view shows it, for the exchange's tests. */
public final class FixedRequestView extends HostRequestView {

    private final String method;
    private final Map<String, String> headers;
    private final byte[] body;

    /** {@code headers}: one value per name, matched ignoring case. */
    public FixedRequestView(String method, String path, Class<?> entryPoint, Map<String, String> headers, String body) {
        super(path, entryPoint);
        this.method = method;
        this.headers = headers;
        this.body = body.getBytes(UTF_8);
    }

    @Override
    protected InputStream openBody() {
        return new ByteArrayInputStream(body);
    }

    @Override
    public String method() {
        return method;
    }

    @Override
    public List<String> headers(String name) {
        for (Map.Entry<String, String> header : headers.entrySet()) {
            if (header.getKey().equalsIgnoreCase(name)) {
                return List.of(header.getValue());
            }
        }
        return List.of();
    }

    @Override
    public String rawQuery() {
        return null;
    }

    @Override
    public String principal() {
        return null;
    }

    @Override
    public long contentLength() {
        return body.length;
    }
}
