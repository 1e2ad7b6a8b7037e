package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import jakarta.ws.rs.core.SecurityContext;
import java.io.IOException;
import java.security.Principal;
import java.util.Collections;
import java.util.List;
import org.jboss.resteasy.core.ResteasyContext;
import org.jboss.resteasy.spi.HttpRequest;

/** The core's view of a matched RESTEasy request. Reads the input stream at most once and keeps it. */
final class ResteasyRequestView implements RequestView {

    private final HttpRequest request;
    private final String path;
    private RequestBody body;

    ResteasyRequestView(HttpRequest request, String path) {
        this.request = request;
        this.path = path;
    }

    @Override
    public String method() {
        return request.getHttpMethod();
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getHttpHeaders().getRequestHeader(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    @Override
    public List<String> queryParameters(String name) {
        List<String> values = request.getUri().getQueryParameters(true).get(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    /** The container pushes its security context before dispatching. */
    @Override
    public String principal() {
        SecurityContext security = ResteasyContext.getContextData(SecurityContext.class);
        Principal principal = security == null ? null : security.getUserPrincipal();
        return principal == null ? null : principal.getName();
    }

    @Override
    public long contentLength() {
        List<String> declared = headers("Content-Length");
        try {
            return declared.isEmpty() ? -1 : Long.parseLong(declared.get(0).trim());
        } catch (NumberFormatException malformed) {
            return -1;
        }
    }

    @Override
    public byte[] body(int limit) throws IOException {
        if (body == null) {
            body = RequestBody.read(request.getInputStream(), limit);
        }
        return body.complete() ? body.bytes() : null;
    }

    /** The body read so far, or {@code null} when the core did not ask for it. */
    RequestBody readAhead() {
        return body;
    }
}
