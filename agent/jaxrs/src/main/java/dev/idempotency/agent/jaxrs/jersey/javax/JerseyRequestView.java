package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.jaxrs.JaxrsPath;
import java.io.InputStream;
import java.security.Principal;
import java.util.Collections;
import java.util.List;
import javax.ws.rs.core.SecurityContext;
import org.glassfish.jersey.server.ContainerRequest;

/** The core's view of a matched Jersey request. */
final class JerseyRequestView extends HostRequestView {

    private final ContainerRequest request;

    JerseyRequestView(ContainerRequest request, String path, Class<?> entryPoint) {
        super(path, entryPoint);
        this.request = request;
    }

    /** The decoded path Jersey matched the resource method on, below the application's base URI. */
    static String routedPath(ContainerRequest request) {
        return JaxrsPath.belowBaseUri(request.getPath(true));
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getRequestHeader(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    @Override
    public String rawQuery() {
        return request.getRequestUri().getRawQuery();
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
    protected InputStream openBody() {
        return request.getEntityStream();
    }
}
