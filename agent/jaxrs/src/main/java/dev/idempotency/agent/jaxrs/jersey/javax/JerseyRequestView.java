package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import java.io.IOException;
import java.security.Principal;
import java.util.Collections;
import java.util.List;
import javax.ws.rs.core.SecurityContext;
import org.glassfish.jersey.server.ContainerRequest;

/** The core's view of a matched Jersey request. Reads the entity stream at most once and keeps it. */
final class JerseyRequestView implements RequestView {

    private final ContainerRequest request;
    private final String path;
    private RequestBody body;

    JerseyRequestView(ContainerRequest request, String path) {
        this.request = request;
        this.path = path;
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getRequestHeader(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    @Override
    public List<String> queryParameters(String name) {
        List<String> values = request.getUriInfo().getQueryParameters(true).get(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    @Override
    public String principal() {
        SecurityContext security = request.getSecurityContext();
        Principal principal = security == null ? null : security.getUserPrincipal();
        return principal == null ? null : principal.getName();
    }

    @Override
    public long contentLength() {
        return request.getLength();
    }

    @Override
    public byte[] body(int limit) throws IOException {
        if (body == null) {
            body = RequestBody.read(request.getEntityStream(), limit);
        }
        return body.complete() ? body.bytes() : null;
    }

    /** The body read so far, or {@code null} when the core did not ask for it. */
    RequestBody readAhead() {
        return body;
    }
}
